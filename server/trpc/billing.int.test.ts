import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { getBilling } from "../billing/get-billing";
import { seedMember, seedOrganization } from "../test/seed";
import { callerFor, trpcError } from "../test/trpc";

describe("billing router", () => {
  it("lets an admin set a limit, thresholds and countries, returning the REST shape", async () => {
    const owner = await seedOrganization("owner");
    const admin = await seedMember(owner.organizationId, "admin");
    const caller = callerFor(admin.userId);

    const before = await caller.billing.get();
    expect(before).toMatchObject({ monthlySpendLimit: null, alertThresholds: [50, 80, 100], allowedCountries: null });

    const updated = await caller.billing.update({
      monthlySpendLimit: "250.0000",
      alertThresholds: [75, 90],
      allowedCountries: ["US", "GB"],
    });
    expect(updated).toMatchObject({ monthlySpendLimit: "250.0000", alertThresholds: [75, 90] });
    expect([...(updated.allowedCountries ?? [])].sort()).toEqual(["GB", "US"]);
    expect(await getBilling(getDb(), owner.organizationId)).toEqual(await caller.billing.get());

    const cleared = await caller.billing.update({ monthlySpendLimit: null, allowedCountries: null });
    expect(cleared).toMatchObject({ monthlySpendLimit: null, alertThresholds: [75, 90], allowedCountries: null });
  });

  it("shows a developer settings, prices and quotes, and refuses their update with FORBIDDEN", async () => {
    const owner = await seedOrganization("owner");
    const dev = await seedMember(owner.organizationId, "developer");
    const caller = callerFor(dev.userId);

    expect((await caller.billing.get()).monthlySpendLimit).toBeNull();
    const prices = await caller.billing.prices();
    expect(prices.currency).toBe("USD");
    expect(prices.countries.find((c) => c.country === "US")).toMatchObject({ name: "United States" });
    const quote = await caller.billing.quote({ to: "+14155550100", body: "hello" });
    expect(quote).toMatchObject({ country: "US", segments: 1, encoding: "GSM-7" });
    expect(quote.price).toBe(prices.countries.find((c) => c.country === "US")?.pricePerSegment);

    const err = await trpcError(caller.billing.update({ monthlySpendLimit: "1.0000" }));
    expect(err.code).toBe("FORBIDDEN");
    expect((await getBilling(getDb(), owner.organizationId)).monthlySpendLimit).toBeNull();
  });

  it("forbids support every billing procedure", async () => {
    const owner = await seedOrganization("owner");
    const support = await seedMember(owner.organizationId, "support");
    const caller = callerFor(support.userId);
    // Each call starts only when the last one has been refused: a promise made ahead of its await
    // rejects unhandled.
    for (const call of [
      () => caller.billing.get(),
      () => caller.billing.prices(),
      () => caller.billing.quote({ to: "+14155550100", body: "hi" }),
      () => caller.billing.update({ alertThresholds: [10] }),
    ])
      expect((await trpcError(call())).code).toBe("FORBIDDEN");
  });

  it("refuses invalid settings with the REST schema, writing nothing", async () => {
    const owner = await seedOrganization("owner");
    const caller = callerFor(owner.userId);
    expect((await trpcError(caller.billing.update({ alertThresholds: [0, 101] }))).code).toBe("BAD_REQUEST");
    expect((await trpcError(caller.billing.update({ allowedCountries: ["ZZ"] }))).code).toBe("BAD_REQUEST");
    expect((await getBilling(getDb(), owner.organizationId)).alertThresholds).toEqual([50, 80, 100]);
  });

  it("keeps organizations apart", async () => {
    const a = await seedOrganization("owner", "A");
    const b = await seedOrganization("owner", "B");
    await callerFor(a.userId).billing.update({ monthlySpendLimit: "5.0000" });
    expect((await callerFor(b.userId).billing.get()).monthlySpendLimit).toBeNull();
  });
});
