// Concurrent limiter calls share one statement (take-batcher.ts): the answers must be those of the
// same calls made one after the other, per organization, and a stale key in the batch stays stale.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { seedApiKey, seedOrganization } from "../test/seed";
import { batchStats } from "./take-batcher";
import { takeRateLimit } from "./take-rate-limit";

const T0 = Date.UTC(2030, 0, 1, 12, 0, 30);

async function limitedOrg() {
  const { organizationId } = await seedOrganization();
  await getDb().organization.update({ where: { id: organizationId }, data: { rateLimitEnabled: true } });
  return organizationId;
}

describe("batched limiter calls", () => {
  it("answers concurrent calls of two organizations as if made one by one, in one statement", async () => {
    const [a, b] = [await limitedOrg(), await limitedOrg()];
    const before = { ...batchStats };
    // Interleaved: 30 calls each, against sms.bulk's 10 a minute.
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) => takeRateLimit(i % 2 === 0 ? a : b, "sms.bulk", T0)),
    );
    expect(batchStats.batches).toBeGreaterThan(before.batches);
    expect(batchStats.fallbacks).toBe(before.fallbacks);
    for (const parity of [0, 1]) {
      const mine = results.filter((_, i) => i % 2 === parity);
      const allowed = mine.filter((r) => r.allowed);
      expect(allowed).toHaveLength(10);
      // Each allowed call saw the previous ones: remaining counts 9, 8, … 0, once each.
      expect(allowed.map((r) => r.remaining).sort((x, y) => y - x)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
      expect(mine.filter((r) => !r.allowed).every((r) => r.retryAfterMs > 0)).toBe(true);
    }
  });

  it("reports a stale key in a batch without counting it, and counts the others", async () => {
    const organizationId = await limitedOrg();
    const key = await seedApiKey(organizationId);
    const row = await getDb().apiKey.findFirstOrThrow({ where: { id: key.id } });
    const current = { id: row.id, hash: row.keyHash, version: row.updatedAt };
    const stale = { ...current, version: new Date(row.updatedAt.getTime() - 1000) };
    const results = await Promise.all([
      takeRateLimit(organizationId, "sms.bulk", T0, current),
      takeRateLimit(organizationId, "sms.bulk", T0, stale),
      takeRateLimit(organizationId, "sms.bulk", T0, current),
    ]);
    expect(results.map((r) => r.keyStale)).toEqual([false, true, false]);
    expect(
      results
        .filter((r) => r.allowed)
        .map((r) => r.remaining)
        .sort(),
    ).toEqual([8, 9]);
  });
});
