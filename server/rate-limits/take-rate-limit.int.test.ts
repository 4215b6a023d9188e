import { describe, expect, it } from "vitest";
import pg from "pg";
import { getDb, getDriver } from "../db/client";
import { seedOrganization } from "../test/seed";
import { rateLimitHeaders, takeRateLimit } from "./take-rate-limit";
import { getRateLimits, getRateLimitUsage } from "./get-rate-limits";

// A fixed instant 30 s into a minute, far from any real clock.
const T0 = Date.UTC(2030, 0, 1, 12, 0, 30);

async function org(limits: { perMinute?: number; perHour?: number; perDay?: number; enabled?: boolean } = {}) {
  const seeded = await seedOrganization();
  await getDb().organization.update({
    where: { id: seeded.organizationId },
    data: {
      rateLimitPerMinute: limits.perMinute ?? 100,
      rateLimitPerHour: limits.perHour ?? 3000,
      rateLimitPerDay: limits.perDay ?? 30000,
      rateLimitEnabled: limits.enabled ?? true,
    },
  });
  return seeded.organizationId;
}

async function burst(orgId: string, n: number, category: Parameters<typeof takeRateLimit>[1], at: number) {
  const results = [];
  for (let i = 0; i < n; i++) results.push(await takeRateLimit(orgId, category, at));
  return results;
}

describe("category windows", () => {
  it("lets exactly the category limit through and reports the most restrictive window", async () => {
    const id = await org();
    const results = await burst(id, 12, "sms.bulk", T0);
    expect(results.map((r) => r.allowed)).toEqual([...Array(10).fill(true), false, false]);
    expect(results[0]).toMatchObject({ limit: 10, remaining: 9, windowSeconds: 60 });
    expect(results[9]).toMatchObject({ limit: 10, remaining: 0 });
    const denied = results[10]!;
    expect(denied).toMatchObject({ allowed: false, limit: 10, remaining: 0 });
    // All ten sit in the bucket of second 30; they leave the window at second 90.
    expect(denied.retryAfterMs).toBe(60_000);
    const headers = rateLimitHeaders(denied);
    expect(headers.get("retry-after")).toBe("60");
    expect(headers.get("x-ratelimit-remaining")).toBe("0");
    expect(Number(headers.get("x-ratelimit-reset"))).toBe(Math.ceil((T0 + 60_000) / 1000));
  });

  it("does not let 2N through across a minute boundary, and passes when Retry-After has elapsed", async () => {
    const id = await org();
    const endOfMinute = Date.UTC(2030, 0, 1, 12, 0, 59, 900);
    expect((await burst(id, 10, "sms.bulk", endOfMinute)).every((r) => r.allowed)).toBe(true);
    const nextMinute = endOfMinute + 200;
    const denied = await takeRateLimit(id, "sms.bulk", nextMinute);
    expect(denied.allowed).toBe(false);
    // The bucket of second 59 leaves the window at 12:01:59, 58.9 s on.
    const waitS = Number(rateLimitHeaders(denied).get("retry-after"));
    expect(waitS).toBe(59);
    expect((await takeRateLimit(id, "sms.bulk", nextMinute + waitS * 1000 - 1000)).allowed).toBe(false);
    expect((await takeRateLimit(id, "sms.bulk", nextMinute + waitS * 1000)).allowed).toBe(true);
  });

  it("slides: requests leave the window one second-bucket at a time", async () => {
    const id = await org();
    for (let s = 0; s < 10; s++) expect((await takeRateLimit(id, "sms.bulk", T0 + s * 1000)).allowed).toBe(true);
    expect((await takeRateLimit(id, "sms.bulk", T0 + 30_000)).allowed).toBe(false);
    // At T0+60 s the first request's bucket has left; exactly one more fits.
    expect((await takeRateLimit(id, "sms.bulk", T0 + 59_999)).allowed).toBe(false);
    expect((await takeRateLimit(id, "sms.bulk", T0 + 60_000)).allowed).toBe(true);
    expect((await takeRateLimit(id, "sms.bulk", T0 + 60_000)).allowed).toBe(false);
  });

  it("never answers a Retry-After longer than the window, wherever in its bucket the burst fell (issue 37)", async () => {
    // Each window with its bucket size; the organization caps set so that window is the one that is full.
    const cases = [
      { window: 60, bucket: 1, limits: {}, category: "sms.bulk" as const, n: 10 },
      { window: 3600, bucket: 60, limits: { perMinute: 2, perHour: 2 }, category: undefined, n: 2 },
      { window: 86_400, bucket: 900, limits: { perMinute: 2, perHour: 2, perDay: 2 }, category: undefined, n: 2 },
    ];
    for (const c of cases) {
      const id = await org(c.limits);
      // Bursts two days apart, so each starts from empty windows: at the start, just after, the middle and the end of a bucket.
      const offsets = [0, 1, (c.bucket * 1000) / 2, c.bucket * 1000 - 1];
      for (const [k, offset] of offsets.entries()) {
        const at = Date.UTC(2031, 0, 1 + 2 * k) + offset;
        expect((await burst(id, c.n, c.category, at)).every((r) => r.allowed)).toBe(true);
        const denied = await takeRateLimit(id, c.category, at);
        const label = `${c.window} s window, ${offset} ms into the bucket`;
        expect({ allowed: denied.allowed, windowSeconds: denied.windowSeconds }, label).toEqual({
          allowed: false,
          windowSeconds: c.window,
        });
        expect(denied.retryAfterMs, label).toBeLessThanOrEqual(c.window * 1000);
        expect(Number(rateLimitHeaders(denied).get("retry-after")), label).toBeLessThanOrEqual(c.window);
        expect(Number(rateLimitHeaders(denied).get("x-ratelimit-reset")), label).toBeLessThanOrEqual(
          Math.ceil(at / 1000) + c.window,
        );
        // And it is the wait: a request passes then, not a millisecond sooner.
        expect((await takeRateLimit(id, c.category, at + denied.retryAfterMs - 1)).allowed, label).toBe(false);
        expect((await takeRateLimit(id, c.category, at + denied.retryAfterMs)).allowed, label).toBe(true);
      }
    }
  });

  it("keeps categories apart but counts them all against the organization cap", async () => {
    const id = await org({ perMinute: 15 });
    expect((await burst(id, 10, "sms.bulk", T0)).every((r) => r.allowed)).toBe(true);
    const more = await burst(id, 6, "otp.send", T0);
    expect(more.map((r) => r.allowed)).toEqual([true, true, true, true, true, false]);
    expect(more[4]).toMatchObject({ limit: 15, remaining: 0 });
  });
});

describe("organization caps", () => {
  it("applies the hour and day windows, answering with the most restrictive", async () => {
    const id = await org({ perMinute: 5, perHour: 8, perDay: 9 });
    expect((await burst(id, 5, undefined, T0)).every((r) => r.allowed)).toBe(true);
    expect((await takeRateLimit(id, undefined, T0)).windowSeconds).toBe(60);
    // Next minute: the minute window has room, the hour window allows 3 more, the day 4.
    const later = await burst(id, 4, undefined, T0 + 120_000);
    expect(later.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(later[2]).toMatchObject({ limit: 8, remaining: 0, windowSeconds: 3600 });
    expect(later[3]).toMatchObject({ allowed: false, limit: 8, windowSeconds: 3600 });
    // The hour window frees up when the first minute-bucket leaves it: about an hour later.
    expect(later[3]!.retryAfterMs).toBeGreaterThan(3_400_000);
    expect(later[3]!.retryAfterMs).toBeLessThanOrEqual(3_600_000);
  });

  it("lifts every limit when disabled, and sends no headers", async () => {
    const id = await org({ perMinute: 1, enabled: false });
    const results = await burst(id, 15, "sms.bulk", T0);
    expect(results.every((r) => r.allowed && !r.enabled)).toBe(true);
    expect([...rateLimitHeaders(results[0]!).keys()]).toEqual([]);
  });

  it("keeps organizations independent", async () => {
    const a = await org();
    const b = await org();
    await burst(a, 11, "sms.bulk", T0);
    expect((await takeRateLimit(a, "sms.bulk", T0)).allowed).toBe(false);
    expect(await takeRateLimit(b, "sms.bulk", T0)).toMatchObject({ allowed: true, remaining: 9 });
  });
});

describe("atomicity", () => {
  it("gives exactly N successes for 5N concurrent requests", async () => {
    const id = await org();
    const results = await Promise.all(Array.from({ length: 50 }, () => takeRateLimit(id, "sms.bulk", T0)));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
  });

  it("holds across two independent connection pools (two instances) on PostgreSQL", async (ctx) => {
    const driver = getDriver();
    if (driver.kind !== "postgres") ctx.skip();
    const id = await org();
    const url = process.env.DATABASE_URL!;
    const pools = [new pg.Pool({ connectionString: url, max: 5 }), new pg.Pool({ connectionString: url, max: 5 })];
    try {
      const calls = Array.from({ length: 50 }, (_, i) =>
        pools[i % 2]!.query("SELECT allowed FROM sg_rate_limit_take($1, $2, $3, $4, NULL, NULL, NULL)", [
          id,
          "sms.bulk",
          10,
          T0,
        ]),
      );
      const rows = (await Promise.all(calls)).map((r) => r.rows[0].allowed as boolean);
      expect(rows.filter(Boolean)).toHaveLength(10);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});

describe("usage", () => {
  it("reports current usage in the same windows, per category, and 429s in the history", async () => {
    const id = await org({ perMinute: 12 });
    await burst(id, 11, "sms.bulk", T0);
    await burst(id, 3, "otp.send", T0 + 1000);
    const config = await getRateLimits(getDb(), id, T0 + 2000);
    expect(config).toEqual({
      perMinute: 12,
      perHour: 3000,
      perDay: 30000,
      enabled: true,
      currentUsage: { perMinute: 12, perHour: 12, perDay: 12 },
    });
    const later = await getRateLimits(getDb(), id, T0 + 120_000);
    expect(later.currentUsage).toEqual({ perMinute: 0, perHour: 12, perDay: 12 });

    const usage = await getRateLimitUsage(getDb(), id, T0 + 2000);
    expect(usage.categories.find((c) => c.category === "sms.bulk")).toMatchObject({ used: 10, limit: 10 });
    expect(usage.categories.find((c) => c.category === "otp.send")).toMatchObject({ used: 2, limit: 30 });
    expect(usage.history).toHaveLength(96);
    const total = usage.history.reduce(
      (acc, h) => ({ requests: acc.requests + h.requests, rejected: acc.rejected + h.rejected }),
      { requests: 0, rejected: 0 },
    );
    expect(total).toEqual({ requests: 12, rejected: 2 });
  });
});
