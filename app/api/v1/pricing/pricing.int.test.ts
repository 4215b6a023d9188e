import { getCountries } from "libphonenumber-js/max";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedOrganization, type SeededMember } from "@/server/test/seed";
import { smsPriceListResponse, smsQuoteResponse } from "@/schemas/pricing";
import * as list from "./sms/route";
import * as one from "./sms/[country]/route";
import * as quote from "../sms/quote/route";

let org: SeededMember;
let testKey: string;
beforeAll(async () => {
  org = await seedOrganization();
  testKey = (await seedApiKey(org.organizationId, { environment: "test" })).rawKey;
});

describe("GET /api/v1/pricing/sms", () => {
  it("prices every country libphonenumber knows, A to Z, as four-place strings", async () => {
    const res = await call(list.GET, "/api/v1/pricing/sms", { token: org.accessToken });
    expect(res.status).toBe(200);
    const body = smsPriceListResponse.parse(res.json);
    expect(body.currency).toBe("USD");
    expect(body.countries.map((c) => c.country)).toEqual([...getCountries()].sort());
    expect(body.countries.find((c) => c.country === "US")).toEqual({
      country: "US",
      name: "United States",
      pricePerSegment: "0.0079",
    });
    for (const c of body.countries) expect(c.pricePerSegment).toMatch(/^\d+\.\d{4}$/);
  });
});

describe("GET /api/v1/pricing/sms/:country", () => {
  it("answers one country, case-insensitively", async () => {
    const res = await call(one.GET, "/api/v1/pricing/sms/gb", { token: testKey, params: { country: "gb" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ country: "GB", name: "United Kingdom", pricePerSegment: "0.0463" });
  });

  it("answers 404 for a code that is not a country", async () => {
    for (const country of ["ZZ", "USA", "1"]) {
      const res = await call(one.GET, `/api/v1/pricing/sms/${country}`, { token: testKey, params: { country } });
      expectError(res, 404, "not_found");
    }
  });
});

describe("POST /api/v1/sms/quote", () => {
  const ask = (body: unknown) => call(quote.POST, "/api/v1/sms/quote", { token: testKey, body });

  it("multiplies segments by the country's price in integer units", async () => {
    const res = await ask({ to: "+14155550123", body: "x".repeat(161) });
    expect(res.status).toBe(200);
    expect(smsQuoteResponse.parse(res.json)).toEqual({
      to: "+14155550123",
      country: "US",
      segments: 2,
      encoding: "GSM-7",
      pricePerSegment: "0.0079",
      price: "0.0158",
      currency: "USD",
    });
  });

  it("counts UCS-2 segments for other alphabets", async () => {
    const res = await ask({ to: "+447400123456", body: "Привет ".repeat(20) });
    expect(res.json).toMatchObject({ country: "GB", encoding: "UCS-2", segments: 3, price: "0.1389" });
  });

  it("refuses an invalid number with invalid_phone_number and an empty body with invalid_request", async () => {
    expectError(await ask({ to: "+1415", body: "hi" }), 400, "invalid_phone_number");
    expectError(await ask({ to: "+14155550123", body: "" }), 400, "invalid_request");
    expectError(await ask({ to: "+14155550123", body: "hi", extra: 1 }), 400, "invalid_request");
  });
});
