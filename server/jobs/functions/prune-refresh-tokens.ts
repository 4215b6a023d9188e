import type { DbOrTx } from "../../db/client";
import { defineJob } from "../define-job";
import { pruneAccountRows } from "../../accounts/prune-account-rows";

/** A revoked session stays visible this long (reuse investigations), then goes. */
export const REVOKED_FAMILY_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Deletes refresh-token families that can never be used again: expired ones, and ones revoked
 * more than the retention period ago. Their tokens go with them (ON DELETE CASCADE).
 */
export async function pruneRefreshTokenFamilies(
  db: DbOrTx,
  now: Date,
  scope: { organizationId?: string } = {},
): Promise<number> {
  const revokedBefore = new Date(now.getTime() - REVOKED_FAMILY_RETENTION_MS);
  const { count } = await db.refreshTokenFamily.deleteMany({
    where: {
      ...(scope.organizationId ? { organizationId: scope.organizationId } : {}),
      OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: revokedBefore } }],
    },
  });
  return count;
}

export const pruneRefreshTokens = defineJob({
  id: "prune-refresh-tokens",
  event: "auth/refresh-tokens.prune",
  cron: "0 * * * *",
  // Idempotent and hourly: a failed run is simply done by the next one.
  retries: 2,
  handler: async ({ event, step, db, now }) => {
    const families = await step.run("delete-unusable-families", async () => ({
      deleted: await pruneRefreshTokenFamilies(db, now(), { organizationId: event.data.organizationId }),
    }));
    // Dashboard sessions and emailed links belong to users, not organizations: the hourly run only.
    if (event.data.organizationId) return families;
    const accounts = await step.run("delete-unusable-dashboard-sessions-and-links", () => pruneAccountRows(db, now()));
    return { ...families, ...accounts };
  },
});
