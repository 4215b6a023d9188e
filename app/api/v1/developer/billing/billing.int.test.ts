import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { getDb } from "@/server/db/client";
import { billingResponse } from "@/schemas/billing";
import { monthOf } from "@/server/billing/period";
import * as route from "./route";

const PATH = "/api/v1/developer/billing";
const get = (token: string) => call(route.GET, PATH, { token });
const patch = (token: string, body: unknown) => call(route.PATCH, PATH, { method: "PATCH", token, body });

let owner: SeededMember;
beforeAll(async () => {
  owner = await seedOrganization("owner");
});

describe("GET /api/v1/developer/billing", () => {
  it("starts with no limit, thresholds 50/80/100, every country, and nothing spent this month", async () => {
    const org = await seedOrganization("owner");
    const res = await get(org.accessToken);
    expect(res.status).toBe(200);
    const period = monthOf(new Date());
    expect(billingResponse.parse(res.json)).toEqual({
      currency: "USD",
      monthlySpendLimit: null,
      alertThresholds: [50, 80, 100],
      allowedCountries: null,
      period: { start: period.start.toISOString(), end: period.end.toISOString() },
      monthToDate: { spend: "0.0000", messages: 0, segments: 0 },
    });
  });

  it("reads month-to-date spend from the organization's row for this month only", async () => {
    const org = await seedOrganization("owner");
    const { start } = monthOf(new Date());
    const lastMonth = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() - 1, 1));
    await getDb().billingMonth.createMany({
      data: [
        { organizationId: org.organizationId, month: start, spendUnits: 123_4567n, messages: 10n, segments: 12n },
        { organizationId: org.organizationId, month: lastMonth, spendUnits: 999n, messages: 1n, segments: 1n },
      ],
    });
    const res = await get(org.accessToken);
    expect(res.json.monthToDate).toEqual({ spend: "123.4567", messages: 10, segments: 12 });
  });
});

describe("PATCH /api/v1/developer/billing", () => {
  it("sets any subset, keeps the rest, and answers the new state", async () => {
    const res = await patch(owner.accessToken, { monthlySpendLimit: "250.0000", alertThresholds: [90, 25] });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      monthlySpendLimit: "250.0000",
      alertThresholds: [25, 90],
      allowedCountries: null,
    });
    const next = await patch(owner.accessToken, { allowedCountries: ["US", "CA"] });
    expect(next.json).toMatchObject({
      monthlySpendLimit: "250.0000",
      alertThresholds: [25, 90],
      allowedCountries: ["US", "CA"],
    });
    const cleared = await patch(owner.accessToken, { monthlySpendLimit: null, allowedCountries: null });
    expect(cleared.json).toMatchObject({ monthlySpendLimit: null, allowedCountries: null });
    expect((await get(owner.accessToken)).json).toEqual(cleared.json);
  });

  it("refuses bad values with invalid_request naming the field, and changes nothing", async () => {
    const before = (await get(owner.accessToken)).json;
    const cases: [unknown, string][] = [
      [{ monthlySpendLimit: 250 }, "monthlySpendLimit"],
      [{ monthlySpendLimit: "250.5" }, "monthlySpendLimit"],
      [{ monthlySpendLimit: "-1.0000" }, "monthlySpendLimit"],
      [{ alertThresholds: [] }, "alertThresholds"],
      [{ alertThresholds: [10, 20, 30, 40, 50, 60] }, "alertThresholds"],
      [{ alertThresholds: [0] }, "alertThresholds.0"],
      [{ alertThresholds: [101] }, "alertThresholds.0"],
      [{ alertThresholds: [50, 50] }, "alertThresholds"],
      [{ allowedCountries: [] }, "allowedCountries"],
      [{ allowedCountries: ["us"] }, "allowedCountries.0"],
      [{ allowedCountries: ["ZZ"] }, "allowedCountries.0"],
      [{ allowedCountries: ["US", "US"] }, "allowedCountries"],
      [{ currency: "EUR" }, ""],
    ];
    for (const [body, path] of cases) {
      const res = await patch(owner.accessToken, body);
      expectError(res, 400, "invalid_request");
      expect(
        res.json.error.details.map((d: { path: string }) => d.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect((await get(owner.accessToken)).json).toEqual(before);
  });

  it("writes each change to the audit log with before and after", async () => {
    const org = await seedOrganization("owner");
    await patch(org.accessToken, { monthlySpendLimit: "10.0000", allowedCountries: ["GB"] });
    const entries = await getDb().auditLogEntry.findMany({
      where: { organizationId: org.organizationId, action: "billing.updated" },
    });
    expect(entries).toHaveLength(1);
    expect(entries[0]!.changes).toEqual({
      before: { monthlySpendLimit: null, allowedCountries: null },
      after: { monthlySpendLimit: "10.0000", allowedCountries: ["GB"] },
    });
    expect(entries[0]!.actorUserId).toBe(org.userId);
  });

  it("owner and admin manage, developer reads, support gets 403", async () => {
    const admin = await seedMember(owner.organizationId, "admin");
    const developer = await seedMember(owner.organizationId, "developer");
    const support = await seedMember(owner.organizationId, "support");
    expect((await patch(admin.accessToken, { alertThresholds: [75] })).status).toBe(200);
    expect((await get(developer.accessToken)).status).toBe(200);
    expectError(await patch(developer.accessToken, { alertThresholds: [80] }), 403, "forbidden");
    expectError(await get(support.accessToken), 403, "forbidden");
    expectError(await patch(support.accessToken, { alertThresholds: [80] }), 403, "forbidden");
  });
});
