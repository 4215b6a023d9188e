import { runSql } from "../../db/sql";

// Fenced on the lease: a delivery whose outcome was recorded, or that another instance re-claimed
// after the lease expired, is not touched. The claimed attempt number is kept, so a late answer
// to the abandoned attempt can never be taken for the next one.
const RELEASE_SQL = `
UPDATE webhook_deliveries d SET locked_until = NULL, updated_at = $3::timestamptz
FROM unnest($1::text[], $2::timestamptz[], $4::text[]) AS t(id, lease, organization_id)
WHERE d.organization_id = t.organization_id AND d.id = t.id AND d.status = 'PENDING' AND d.locked_until = t.lease
RETURNING d.id`;

/**
 * At shutdown: give back deliveries whose attempt did not finish in time, so another instance
 * makes it at once rather than when the lease expires. The receiver may have seen the abandoned
 * attempt; webhooks are at-least-once and carry the same event id, as after any lost lease.
 */
export async function releaseDeliveries(
  held: readonly { organizationId: string; id: string; lease: Date }[],
  now: Date = new Date(),
): Promise<number> {
  if (held.length === 0) return 0;
  const rows = await runSql(null, RELEASE_SQL, [
    held.map((d) => d.id),
    held.map((d) => d.lease.toISOString()),
    now.toISOString(),
    held.map((d) => d.organizationId),
  ]);
  return rows.length;
}
