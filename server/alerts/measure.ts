import type { DbOrTx } from "../db/client";
import { smallestIdAt } from "../ids";
import type { AlertMetric } from "@/schemas/alerts";

// Messages: the hourly aggregates (message_stats_hourly, kept by triggers, never a scan of
// messages), over the hours the window touches: the aggregates are by the hour a message was
// accepted, so a 5-minute window reads the current hour so far. Rows: one per hour, country and
// price of the organization's environment, through the primary key.
const MESSAGES_SQL = `
SELECT coalesce(sum(delivered), 0)::float8 AS delivered,
       coalesce(sum(undelivered), 0)::float8 AS undelivered,
       coalesce(sum(failed), 0)::float8 AS failed,
       coalesce(sum(price_units - failed_price_units), 0)::float8 AS spend_units
FROM message_stats_hourly
WHERE organization_id = $1 AND environment = $2::"KeyEnvironment"
  AND hour >= date_trunc('hour', $3::timestamptz - make_interval(mins => $4)) AND hour <= $3::timestamptz`;

// Webhooks: the window's newest 1,000 settled deliveries of the organization, through the
// (organization_id, id) index from the window's first id (ids begin with their creation time).
// Attempts made = attempt_count; failed ones = all of them unless the delivery succeeded (then
// its last attempt was the success).
const WEBHOOKS_SQL = `
SELECT coalesce(sum(attempt_count), 0)::float8 AS attempts,
       coalesce(sum(attempt_count - CASE WHEN status = 'SUCCEEDED' THEN 1 ELSE 0 END), 0)::float8 AS failed
FROM (
  SELECT d.attempt_count, d.status FROM webhook_deliveries d
  WHERE d.organization_id = $1 AND d.id >= $2 AND d.status <> 'PENDING'
  ORDER BY d.id DESC LIMIT 1000
) recent`;

/**
 * The alert's value over its window: a rate from 0 to 1, or for spend the money units spent (an
 * integer, compared with the threshold's units); null when there is nothing to measure.
 */
export async function measure(
  db: DbOrTx,
  alert: { organizationId: string; metric: AlertMetric; windowMinutes: number; environment: string },
  now: Date,
): Promise<number | null> {
  if (alert.metric === "webhook_failure_rate") {
    const since = smallestIdAt("dlv", new Date(now.getTime() - alert.windowMinutes * 60_000));
    const [row] = await db.$queryRawUnsafe<{ attempts: number; failed: number }[]>(
      WEBHOOKS_SQL,
      alert.organizationId,
      since,
    );
    return row && row.attempts > 0 ? row.failed / row.attempts : null;
  }
  const [row] = await db.$queryRawUnsafe<
    { delivered: number; undelivered: number; failed: number; spend_units: number }[]
  >(MESSAGES_SQL, alert.organizationId, alert.environment, now.toISOString(), alert.windowMinutes);
  if (!row) return null;
  if (alert.metric === "spend") return row.spend_units;
  const settled = row.delivered + row.undelivered + row.failed;
  if (settled === 0) return null;
  return alert.metric === "delivery_rate" ? row.delivered / settled : (row.undelivered + row.failed) / settled;
}
