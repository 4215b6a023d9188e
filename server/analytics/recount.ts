import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { SUM_TTD_BINS_SQL } from "./histogram";

// The hourly aggregates against a recount from the rows themselves, per organization, environment,
// hour, country and price per segment: every counter must match. Valid while no message has been
// deleted (retention keeps the aggregates of deleted messages, on purpose). Used by tests and by
// `npm run chaos`, which checks the aggregates survived its crashes exactly.
export const RECOUNT_MESSAGE_STATS_SQL = `
WITH recount AS (
  SELECT organization_id, environment, date_trunc('hour', created_at, 'UTC') AS hour, coalesce(country, '') AS country,
         -- A CANCELED message (contract §11) is taken back out of what was accepted.
         count(*) FILTER (WHERE status <> 'CANCELED') AS accepted,
         coalesce(sum(segments) FILTER (WHERE status <> 'CANCELED'), 0) AS segments,
         count(*) FILTER (WHERE status IN ('SENT', 'DELIVERED', 'UNDELIVERED') OR (status = 'FAILED' AND sent_at IS NOT NULL)) AS sent,
         count(*) FILTER (WHERE status = 'DELIVERED') AS delivered,
         count(*) FILTER (WHERE status = 'UNDELIVERED') AS undelivered,
         count(*) FILTER (WHERE status = 'FAILED') AS failed
  FROM messages WHERE direction = 'outbound' AND ($1::text IS NULL OR organization_id = $1)
  GROUP BY 1, 2, 3, 4
), kept AS (
  SELECT organization_id, environment, hour, country, sum(accepted) AS accepted, sum(segments) AS segments,
         sum(sent) AS sent, sum(delivered) AS delivered, sum(undelivered) AS undelivered, sum(failed) AS failed
  FROM message_stats_hourly WHERE ($1::text IS NULL OR organization_id = $1)
  GROUP BY 1, 2, 3, 4
), counted AS (
  SELECT organization_id, environment, hour, country, sum(accepted) AS accepted, sum(segments) AS segments,
         sum(sent) AS sent, sum(delivered) AS delivered, sum(undelivered) AS undelivered, sum(failed) AS failed
  FROM recount GROUP BY 1, 2, 3, 4
)
SELECT coalesce(k.organization_id, c.organization_id) AS organization_id, coalesce(k.hour, c.hour) AS hour,
       coalesce(k.country, c.country) AS country,
       row_to_json(k)::text AS kept, row_to_json(c)::text AS counted
FROM kept k FULL JOIN counted c USING (organization_id, environment, hour, country)
WHERE k.accepted IS DISTINCT FROM c.accepted OR k.segments IS DISTINCT FROM c.segments
   OR k.sent IS DISTINCT FROM c.sent OR k.delivered IS DISTINCT FROM c.delivered
   OR k.undelivered IS DISTINCT FROM c.undelivered OR k.failed IS DISTINCT FROM c.failed
LIMIT 20`;

// The daily rollup against the hourly rows it rolls up, every column and every bin. Valid always,
// after retention too: neither table loses rows to it.
export const RECOUNT_DAILY_STATS_SQL = `
WITH rolled AS (
  SELECT organization_id, environment, date_trunc('day', hour, 'UTC') AS day, country, price_per_segment_units,
         sum(accepted) AS accepted, sum(segments) AS segments, sum(price_units) AS price_units, sum(sent) AS sent,
         sum(delivered) AS delivered, sum(undelivered) AS undelivered, sum(failed) AS failed,
         sum(failed_segments) AS failed_segments, sum(failed_price_units) AS failed_price_units,
         ${SUM_TTD_BINS_SQL} AS ttd_bins
  FROM message_stats_hourly WHERE ($1::text IS NULL OR organization_id = $1)
  GROUP BY 1, 2, 3, 4, 5
), kept AS (
  SELECT organization_id, environment, day, country, price_per_segment_units, accepted, segments, price_units, sent,
         delivered, undelivered, failed, failed_segments, failed_price_units, ttd_bins
  FROM message_stats_daily WHERE ($1::text IS NULL OR organization_id = $1)
)
SELECT coalesce(k.organization_id, r.organization_id) AS organization_id, coalesce(k.day, r.day) AS hour,
       coalesce(k.country, r.country) AS country, row_to_json(k)::text AS kept, row_to_json(r)::text AS counted
FROM kept k FULL JOIN rolled r USING (organization_id, environment, day, country, price_per_segment_units)
WHERE (k.accepted, k.segments, k.price_units, k.sent, k.delivered, k.undelivered, k.failed, k.failed_segments,
       k.failed_price_units, k.ttd_bins)
      IS DISTINCT FROM
      (r.accepted, r.segments, r.price_units, r.sent, r.delivered, r.undelivered, r.failed, r.failed_segments,
       r.failed_price_units, r.ttd_bins)
LIMIT 20`;

export interface AggregateMismatch {
  organization_id: string;
  hour: Date;
  country: string;
  kept: string;
  counted: string;
}

/**
 * Mismatches between the message aggregates and a recount (empty when exact): the hourly rows against
 * the messages, then the daily rollup against the hourly rows. One organization or all.
 */
export async function recountMessageStats(db: DbOrTx | null, organizationId: string | null = null) {
  const hourly = await runSql<AggregateMismatch & Record<string, unknown>>(db, RECOUNT_MESSAGE_STATS_SQL, [
    organizationId,
  ]);
  const daily = await runSql<AggregateMismatch & Record<string, unknown>>(db, RECOUNT_DAILY_STATS_SQL, [
    organizationId,
  ]);
  return [...hourly, ...daily];
}
