// contract §8 usage and statements: from the hourly aggregates, FAILED excluded, one line per
// country and price, CSV for finance; a closed month never changes, also after retention.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newIdAt } from "../ids";
import { insertMessages, type NewMessage } from "../messages/insert-messages";
import { applyTransitionsById } from "@/server/test/transitions";
import { call, expectError } from "../test/http";
import { seedOrganization, type SeededMember } from "../test/seed";
import * as usageRoute from "@/app/api/v1/developer/usage/route";
import * as statementsRoute from "@/app/api/v1/developer/billing/statements/route";
import * as statementRoute from "@/app/api/v1/developer/billing/statements/[period]/route";
import { getStatementOrThrow, listStatements } from "./statements";
import { getUsage } from "./get-usage";

const at = (iso: string) => new Date(iso);

async function seed(
  org: SeededMember,
  when: Date,
  fields: Partial<NewMessage> & { priceUnits: number; country: string },
): Promise<string> {
  const id = newIdAt("msg", when);
  await insertMessages(
    null,
    [
      {
        id,
        organizationId: org.organizationId,
        apiKeyId: null,
        batchId: null,
        otpId: null,
        environment: "live",
        to: "+14155550123",
        from: "SG",
        body: "x",
        segments: 1,
        encoding: "GSM-7",
        createdAt: when,
        ...fields,
      },
    ],
    when,
  );
  return id;
}

let org: SeededMember;
let failedInOctober: string;
beforeAll(async () => {
  org = await seedOrganization("owner");
  // October: 2 US (one of 2 segments), 1 GB at 0.0463, 1 US FAILED (not billed).
  await seed(org, at("2026-10-03T10:00:00Z"), { priceUnits: 79, country: "US" });
  await seed(org, at("2026-10-03T11:00:00Z"), { priceUnits: 158, segments: 2, country: "US" });
  await seed(org, at("2026-10-20T09:00:00Z"), { priceUnits: 463, country: "GB", to: "+447400123456" });
  failedInOctober = await seed(org, at("2026-10-31T23:59:00Z"), { priceUnits: 79, country: "US" });
  await applyTransitionsById([{ messageId: failedInOctober, from: "QUEUED", to: "FAILED" }], new Date());
  // November (the open month in these tests): one US message, and a sandbox one (never billed).
  await seed(org, at("2026-11-02T08:00:00Z"), { priceUnits: 79, country: "US" });
  await seed(org, at("2026-11-02T08:30:00Z"), { priceUnits: 0, country: "US", environment: "test" });
});

const NOW = at("2026-11-15T12:00:00Z");

describe("usage", () => {
  it("by day: every day of the range, FAILED excluded, with the total", async () => {
    const usage = await getUsage(
      getDb(),
      org.organizationId,
      { from: "2026-10-01", to: "2026-10-31", groupBy: "day", environment: "live" },
      NOW,
    );
    expect(usage.rows).toHaveLength(31);
    expect(usage.rows.find((r) => r.date === "2026-10-03")).toEqual({
      date: "2026-10-03",
      messages: 2,
      segments: 3,
      price: "0.0237",
    });
    expect(usage.rows.find((r) => r.date === "2026-10-31")).toEqual({
      date: "2026-10-31",
      messages: 0,
      segments: 0,
      price: "0.0000",
    });
    expect(usage.total).toEqual({ messages: 3, segments: 4, price: "0.0700" });
  });

  it("by country, and for the sandbox; the current month by default", async () => {
    const byCountry = await getUsage(
      getDb(),
      org.organizationId,
      { from: "2026-10-01", to: "2026-11-30", groupBy: "country", environment: "live" },
      NOW,
    );
    expect(byCountry.rows).toEqual([
      { country: "GB", messages: 1, segments: 1, price: "0.0463" },
      { country: "US", messages: 3, segments: 4, price: "0.0316" },
    ]);
    const sandbox = await getUsage(getDb(), org.organizationId, { groupBy: "day", environment: "test" }, NOW);
    expect([sandbox.from, sandbox.to]).toEqual(["2026-11-01", "2026-11-30"]);
    expect(sandbox.total).toEqual({ messages: 1, segments: 1, price: "0.0000" });
  });

  it("refuses more than 400 days and a bad query over REST", async () => {
    await expect(
      getUsage(
        getDb(),
        org.organizationId,
        { from: "2025-01-01", to: "2026-11-01", groupBy: "day", environment: "live" },
        NOW,
      ),
    ).rejects.toMatchObject({ code: "invalid_request" });
    const res = await call(usageRoute.GET, "/api/v1/developer/usage", {
      token: org.accessToken,
      query: { groupBy: "week" },
    });
    expectError(res, 400, "invalid_request");
    const ok = await call(usageRoute.GET, "/api/v1/developer/usage", {
      token: org.accessToken,
      query: { from: "2026-10-01", to: "2026-10-31" },
    });
    expect(ok.json.total).toEqual({ messages: 3, segments: 4, price: "0.0700" });
  });
});

describe("statements", () => {
  it("lists the open month and every closed month with live messages, newest first", async () => {
    expect(await listStatements(getDb(), org.organizationId, NOW)).toEqual([
      { period: "2026-11", status: "open", messages: 1, segments: 1, total: "0.0079" },
      { period: "2026-10", status: "closed", messages: 3, segments: 4, total: "0.0700" },
    ]);
  });

  it("has one line per country and price; the total is the sum of the lines", async () => {
    const october = await getStatementOrThrow(getDb(), org.organizationId, "2026-10", NOW);
    expect(october).toEqual({
      period: "2026-10",
      status: "closed",
      currency: "USD",
      lines: [
        { country: "GB", pricePerSegment: "0.0463", messages: 1, segments: 1, amount: "0.0463" },
        { country: "US", pricePerSegment: "0.0079", messages: 2, segments: 3, amount: "0.0237" },
      ],
      total: "0.0700",
    });
  });

  it("a closed month never changes: not by a late change to its messages, nor by retention deleting them", async () => {
    const before = await getStatementOrThrow(getDb(), org.organizationId, "2026-10", NOW);
    // A late receipt flips a billed October message to FAILED, then retention deletes October's messages.
    const billed = await getDb().message.findFirstOrThrow({
      where: { organizationId: org.organizationId, country: "GB" },
    });
    await applyTransitionsById([{ messageId: billed.id, from: "QUEUED", to: "FAILED" }], new Date());
    await getDb().message.deleteMany({
      where: { organizationId: org.organizationId, createdAt: { lt: at("2026-11-01T00:00:00Z") } },
    });
    expect(await getStatementOrThrow(getDb(), org.organizationId, "2026-10", NOW)).toEqual(before);
  });

  it("answers CSV for Accept: text/csv, and 404 for a future month or an empty closed one", async () => {
    const period = new Date().toISOString().slice(0, 7);
    const csv = await call(statementRoute.GET, `/api/v1/developer/billing/statements/${period}`, {
      token: org.accessToken,
      params: { period },
      headers: { accept: "text/csv" },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(csv.text.split("\n")[0]).toBe("country,price_per_segment,messages,segments,amount");
    for (const p of ["2099-01", "2020-01", "garbage"]) {
      expectError(
        await call(statementRoute.GET, `/api/v1/developer/billing/statements/${p}`, {
          token: org.accessToken,
          params: { period: p },
        }),
        404,
        "not_found",
      );
    }
    const list = await call(statementsRoute.GET, "/api/v1/developer/billing/statements", { token: org.accessToken });
    expect(list.status).toBe(200);
    expect(list.json[0]).toMatchObject({ period, status: "open" });
  });
});
