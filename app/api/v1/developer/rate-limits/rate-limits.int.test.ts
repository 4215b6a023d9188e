import { afterEach, describe, expect, it, vi } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedMember, seedOrganization } from "@/server/test/seed";
import { getDb, getDriver } from "@/server/db/client";
import { ensurePartitions } from "@/server/db/partitions/partitions";
import * as rateLimits from "./route";
import * as bulk from "../../sms/bulk/route";
import * as keys from "../api-keys/route";

const path = "/api/v1/developer/rate-limits";

afterEach(() => {
  vi.useRealTimers();
});

describe("GET/PATCH /developer/rate-limits", () => {
  it("reads the defaults with current usage, for every role", async () => {
    const owner = await seedOrganization("owner");
    for (const member of [
      owner,
      await seedMember(owner.organizationId, "developer"),
      await seedMember(owner.organizationId, "support"),
    ]) {
      const res = await call(rateLimits.GET, path, { token: member.accessToken });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        perMinute: 100,
        perHour: 3000,
        perDay: 30000,
        enabled: true,
        currentUsage: { perMinute: expect.any(Number), perHour: expect.any(Number), perDay: expect.any(Number) },
      });
    }
    // The GETs themselves are counted.
    const last = await call(rateLimits.GET, path, { token: owner.accessToken });
    expect(last.json.currentUsage.perMinute).toBe(4);
  });

  it("lets owners and admins change limits, not developers or support", async () => {
    const owner = await seedOrganization("owner");
    const admin = await seedMember(owner.organizationId, "admin");
    const res = await call(rateLimits.PATCH, path, {
      method: "PATCH",
      token: admin.accessToken,
      body: { perMinute: 50, enabled: false },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ perMinute: 50, perHour: 3000, perDay: 30000, enabled: false });
    for (const role of ["developer", "support"] as const) {
      const member = await seedMember(owner.organizationId, role);
      expectError(
        await call(rateLimits.PATCH, path, { method: "PATCH", token: member.accessToken, body: { perMinute: 1 } }),
        403,
        "forbidden",
      );
    }
    const org = await getDb().organization.findUniqueOrThrow({ where: { id: owner.organizationId } });
    expect(org.rateLimitPerMinute).toBe(50);
  });

  it("validates: positive integers, perMinute <= perHour <= perDay, no read-only fields", async () => {
    const owner = await seedOrganization("owner");
    const patch = (body: unknown) => call(rateLimits.PATCH, path, { method: "PATCH", token: owner.accessToken, body });
    for (const body of [
      { perMinute: 0 },
      { perMinute: -1 },
      { perMinute: 1.5 },
      { perHour: "10" },
      { enabled: "yes" },
      { currentUsage: { perMinute: 0 } },
    ]) {
      expectError(await patch(body), 400, "invalid_request");
    }
    const order = await patch({ perMinute: 5000 });
    expectError(order, 400, "invalid_request");
    expect(order.json.error.details).toEqual([{ path: "perMinute", message: expect.stringContaining("3000") }]);
    expectError(await patch({ perHour: 40000 }), 400, "invalid_request");
    expect((await patch({ perMinute: 10, perHour: 10, perDay: 10 })).status).toBe(200);
  });
});

describe("limits on the API", () => {
  const send = (rawKey: string) =>
    call(bulk.POST, "/api/v1/sms/bulk", { token: rawKey, body: { messages: [{ to: "+14155550123", body: "hi" }] } });

  it("carries X-RateLimit headers, then 429 with Retry-After in the contract shape, and a client that waits gets through", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2030-01-01T00:00:10.000Z"));
    // The audit log and messages are partitioned by time: 2030 needs its partitions.
    await ensurePartitions(getDriver(), new Date());
    const owner = await seedOrganization("owner");
    const key = await seedApiKey(owner.organizationId);
    const first = await send(key.rawKey);
    expect(first.status).toBe(202);
    expect(first.headers.get("x-ratelimit-limit")).toBe("10");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("9");
    // The minute's window counts the second bucket that began at 00:00:10 until 00:01:10 (never 61 s).
    expect(Number(first.headers.get("x-ratelimit-reset"))).toBe(Date.parse("2030-01-01T00:01:10.000Z") / 1000);
    for (let i = 0; i < 9; i++) await send(key.rawKey);

    const limited = await send(key.rawKey);
    expectError(limited, 429, "rate_limited");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBe(60);

    vi.setSystemTime(Date.now() + retryAfter * 1000);
    expect((await send(key.rawKey)).status).toBe(202);
  });

  it("rejects before reading the body: a 429 wins over an invalid body", async () => {
    const owner = await seedOrganization("owner");
    await getDb().organization.update({ where: { id: owner.organizationId }, data: { rateLimitPerMinute: 1 } });
    const key = await seedApiKey(owner.organizationId);
    expect((await send(key.rawKey)).status).toBe(202);
    const bad = await call(bulk.POST, "/api/v1/sms/bulk", { token: key.rawKey, body: { nonsense: true } });
    expectError(bad, 429, "rate_limited");
  });

  it("applies to management routes, and one organization's exhaustion leaves another untouched", async () => {
    const a = await seedOrganization("owner");
    const b = await seedOrganization("owner");
    await getDb().organization.update({ where: { id: a.organizationId }, data: { rateLimitPerMinute: 2 } });
    expect((await call(keys.GET, "/api/v1/developer/api-keys", { token: a.accessToken })).status).toBe(200);
    expect((await call(keys.GET, "/api/v1/developer/api-keys", { token: a.accessToken })).status).toBe(200);
    expectError(await call(keys.GET, "/api/v1/developer/api-keys", { token: a.accessToken }), 429, "rate_limited");
    const other = await call(keys.GET, "/api/v1/developer/api-keys", { token: b.accessToken });
    expect(other.status).toBe(200);
    expect(other.headers.get("x-ratelimit-remaining")).toBe("59");
  });

  it("sends no limit headers when rate limiting is disabled", async () => {
    const owner = await seedOrganization("owner");
    await getDb().organization.update({
      where: { id: owner.organizationId },
      data: { rateLimitEnabled: false, rateLimitPerMinute: 1 },
    });
    const key = await seedApiKey(owner.organizationId);
    for (let i = 0; i < 12; i++) {
      const res = await send(key.rawKey);
      expect(res.status).toBe(202);
      expect(res.headers.get("x-ratelimit-limit")).toBeNull();
    }
  });
});
