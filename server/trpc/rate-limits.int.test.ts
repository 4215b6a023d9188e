import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { getRateLimits } from "../rate-limits/get-rate-limits";
import { takeRateLimit } from "../rate-limits/take-rate-limit";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, postTrpc, trpcError } from "../test/trpc";

describe("rateLimits router", () => {
  it("shows a developer the enforced numbers, and refuses their update with FORBIDDEN", async () => {
    const owner = await seedOrganization("owner");
    const dev = await seedMember(owner.organizationId, "developer");
    for (let i = 0; i < 3; i++) await takeRateLimit(owner.organizationId, "sms.bulk");
    await takeRateLimit(owner.organizationId, "sms.send");

    const caller = callerFor(dev.userId);
    const usage = await caller.rateLimits.usage();
    expect(usage.config).toEqual(await getRateLimits(getDb(), owner.organizationId));
    expect(usage.config).toMatchObject({ perMinute: 100, perHour: 3000, perDay: 30000, enabled: true });
    expect(usage.config.currentUsage).toEqual({ perMinute: 4, perHour: 4, perDay: 4 });
    const byCategory = Object.fromEntries(usage.categories.map((c) => [c.category, [c.used, c.limit]]));
    expect(byCategory["sms.bulk"]).toEqual([3, 10]);
    expect(byCategory["sms.send"]).toEqual([1, 100]);
    expect(byCategory["otp.send"]).toEqual([0, 30]);
    expect(usage.history).toHaveLength(96);
    expect(usage.history.reduce((sum, b) => sum + b.requests, 0)).toBe(4);

    const err = await trpcError(caller.rateLimits.update({ perMinute: 10 }));
    expect(err.code).toBe("FORBIDDEN");
    expect(err.cause).toMatchObject({ code: "forbidden" });
    expect((await getRateLimits(getDb(), owner.organizationId)).perMinute).toBe(100);
  });

  it("lets support read too (rateLimits.read is every role's)", async () => {
    const owner = await seedOrganization("owner");
    const support = await seedMember(owner.organizationId, "support");
    const usage = await callerFor(support.userId).rateLimits.usage();
    expect(usage.categories).toHaveLength(10);
    const err = await trpcError(callerFor(support.userId).rateLimits.update({ enabled: false }));
    expect(err.code).toBe("FORBIDDEN");
  });

  it("lets an admin update any subset and returns the REST shape", async () => {
    const owner = await seedOrganization("owner");
    const admin = await seedMember(owner.organizationId, "admin");
    const caller = callerFor(admin.userId);

    const updated = await caller.rateLimits.update({ perMinute: 50, perHour: 500, perDay: 5000 });
    expect(updated).toEqual({
      perMinute: 50,
      perHour: 500,
      perDay: 5000,
      enabled: true,
      currentUsage: { perMinute: 0, perHour: 0, perDay: 0 },
    });
    const disabled = await caller.rateLimits.update({ enabled: false });
    expect(disabled).toMatchObject({ perMinute: 50, perHour: 500, perDay: 5000, enabled: false });
    expect((await caller.rateLimits.usage()).config.enabled).toBe(false);
    // Disabled: the limiter lets everything through and counts nothing.
    expect(await takeRateLimit(owner.organizationId, "sms.bulk")).toMatchObject({ allowed: true, enabled: false });
  });

  it("answers an out-of-order update with per-field details the form can place", async () => {
    const owner = await seedOrganization("owner");

    const both = await postTrpc("rateLimits.update", { perMinute: 5000, perDay: 1000 }, { user: { id: owner.userId } });
    expect(both.status).toBe(400);
    expect(both.body.error?.json.data).toMatchObject({ code: "BAD_REQUEST", appCode: "invalid_request" });
    expect(both.body.error?.json.data.details).toEqual([
      { path: "perMinute", message: "Must not exceed the per-hour limit (3000)." },
      { path: "perHour", message: "Must not exceed the per-day limit (1000)." },
    ]);

    // Schema errors (the same schema the form checks before sending) come back per field too.
    const bad = await postTrpc("rateLimits.update", { perMinute: 0, perHour: 1.5 }, { user: { id: owner.userId } });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.json.data.zodError?.fieldErrors).toEqual({
      perMinute: ["Use a positive number."],
      perHour: ["Use a whole number."],
    });

    // Nothing was written by either attempt.
    expect(await getRateLimits(getDb(), owner.organizationId)).toMatchObject({
      perMinute: 100,
      perHour: 3000,
      perDay: 30000,
    });
  });

  it("keeps organizations apart, whatever the active-organization cookie says", async () => {
    const a = await seedOrganization("owner", "A");
    const b = await seedOrganization("owner", "B");
    for (let i = 0; i < 5; i++) await takeRateLimit(b.organizationId, "otp.send");

    const aCaller = callerFor(a.userId, b.organizationId);
    const usage = await aCaller.rateLimits.usage();
    expect(usage.config.currentUsage.perMinute).toBe(0);
    expect(usage.categories.find((c) => c.category === "otp.send")?.used).toBe(0);

    await aCaller.rateLimits.update({ perMinute: 7 });
    expect((await getRateLimits(getDb(), a.organizationId)).perMinute).toBe(7);
    expect(await getRateLimits(getDb(), b.organizationId)).toMatchObject({
      perMinute: 100,
      currentUsage: { perMinute: 5, perHour: 5, perDay: 5 },
    });
    expect((await callerFor(b.userId).rateLimits.usage()).config.perMinute).toBe(100);
  });
});
