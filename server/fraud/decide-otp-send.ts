import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { countryOf } from "../billing/country-of";
import { newId } from "../ids";
import { FRAUD_BLOCK_HOURS, prefixOf } from "@/schemas/fraud-guard";

const HOUR_MS = 3_600_000;

// One statement in the OTP send transaction, after the prefix lock (so it sees every block and
// count committed before it): reads the organization's level and safe list, looks for an active
// block of the prefix or of its country and either records the refused attempt, or counts the send
// in its hour and blocks when the last hour's figures cross the level's threshold, writing the
// fraud.prefix_blocked event with it. Two rules (contract §12; the second since issue 38, where
// pumping spread over six neighbouring prefixes stayed under the first):
//   - the prefix: its sends and verifies;
//   - the country: its sends and verifies over all prefixes, in 8 stripes (see the migration
//     20261201000000_fraud_country_rule), counted only for guarded sends (a safe-listed number or
//     level off is the organization's own say). When both cross at once the country is blocked.
// The last hour is the current hour's counter plus the previous hour's weighted by the share of it
// still inside the hour (a sliding window over two counters; no scan of OTP history). Every part of
// the statement sees the table as it was before it, so the country's window is its bumped stripe
// plus the other rows. A refused send is not counted.
const DECIDE_SQL = `
WITH g AS (
  SELECT coalesce(s.level, 'standard') AS level,
         coalesce((SELECT bool_or(starts_with($4, e)) FROM unnest(s.safe_list) e), false) AS safe
  FROM (SELECT 1) one LEFT JOIN fraud_guard_settings s ON s.organization_id = $1
),
t AS (
  SELECT level,
         CASE level WHEN 'strict' THEN 5 ELSE 10 END AS min_sends,
         CASE level WHEN 'strict' THEN 15 ELSE 30 END AS country_min_sends,
         CASE level WHEN 'strict' THEN 0.4 ELSE 0.2 END AS min_conversion,
         level <> 'off' AND NOT safe AS guarded
  FROM g
),
active AS (
  SELECT b.id, b.until, b.scope FROM fraud_blocks b, t
  WHERE t.guarded AND b.organization_id = $1 AND b.environment = $2::"KeyEnvironment" AND b.prefix IN ($3, $11::text)
    AND b.lifted_at IS NULL AND b.until > $5::timestamptz
  ORDER BY b.until DESC LIMIT 1
),
refused AS (
  INSERT INTO fraud_blocked_attempts (id, organization_id, environment, block_id, to_number, created_at)
  SELECT $9, $1, $2::"KeyEnvironment", id, $4, $5::timestamptz FROM active
  RETURNING block_id
),
bump AS (
  INSERT INTO fraud_counters AS c (organization_id, environment, prefix, hour, sends, verified, country)
  SELECT $1, $2::"KeyEnvironment", $3, $6::timestamptz, 1, 0, $11::text WHERE NOT EXISTS (SELECT 1 FROM active)
  ON CONFLICT (organization_id, environment, prefix, hour) DO UPDATE SET sends = c.sends + 1, country = EXCLUDED.country
  RETURNING sends, verified
),
win AS (
  SELECT bump.sends + coalesce(p.sends, 0) * $7::float8 AS sends,
         bump.verified + coalesce(p.verified, 0) * $7::float8 AS verified
  FROM bump LEFT JOIN fraud_counters p
    ON p.organization_id = $1 AND p.environment = $2::"KeyEnvironment" AND p.prefix = $3 AND p.hour = $8::timestamptz
),
stripe AS (
  SELECT $11::text || ':' || (hashtext($3) & 7) AS key FROM t WHERE t.guarded AND $11::text IS NOT NULL
),
cbump AS (
  INSERT INTO fraud_counters AS c (organization_id, environment, prefix, hour, sends, verified)
  SELECT $1, $2::"KeyEnvironment", stripe.key, $6::timestamptz, 1, 0 FROM stripe WHERE NOT EXISTS (SELECT 1 FROM active)
  ON CONFLICT (organization_id, environment, prefix, hour) DO UPDATE SET sends = c.sends + 1
  RETURNING prefix, sends, verified
),
cwin AS (
  SELECT cbump.sends + coalesce(sum(o.sends * CASE WHEN o.hour = $6::timestamptz THEN 1 ELSE $7::float8 END), 0) AS sends,
         cbump.verified + coalesce(sum(o.verified * CASE WHEN o.hour = $6::timestamptz THEN 1 ELSE $7::float8 END), 0)
           AS verified
  FROM cbump LEFT JOIN fraud_counters o
    ON o.organization_id = $1 AND o.environment = $2::"KeyEnvironment"
   AND o.prefix IN (SELECT $11::text || ':' || s FROM generate_series(0, 7) s)
   AND o.hour IN ($6::timestamptz, $8::timestamptz) AND NOT (o.hour = $6::timestamptz AND o.prefix = cbump.prefix)
  GROUP BY cbump.sends, cbump.verified
),
cblocked AS (
  INSERT INTO fraud_blocks (id, organization_id, environment, prefix, scope, country, level, min_sends, min_conversion,
                            sends, verified, window_start, blocked_at, until)
  SELECT $15, $1, $2::"KeyEnvironment", $11, 'country', $11, t.level, t.country_min_sends, t.min_conversion,
         round(cwin.sends)::int, round(cwin.verified)::int, $12::timestamptz, $5::timestamptz, $13::timestamptz
  FROM t, cwin
  WHERE cwin.sends >= t.country_min_sends AND cwin.verified < t.min_conversion * cwin.sends
  RETURNING id, prefix, scope, sends, verified, until
),
blocked AS (
  INSERT INTO fraud_blocks (id, organization_id, environment, prefix, country, level, min_sends, min_conversion,
                            sends, verified, window_start, blocked_at, until)
  SELECT $10, $1, $2::"KeyEnvironment", $3, $11, t.level, t.min_sends, t.min_conversion,
         round(win.sends)::int, round(win.verified)::int, $12::timestamptz, $5::timestamptz, $13::timestamptz
  FROM t, win
  WHERE t.guarded AND win.sends >= t.min_sends AND win.verified < t.min_conversion * win.sends
    AND NOT EXISTS (SELECT 1 FROM cblocked)
  RETURNING id, prefix, scope, sends, verified, until
),
made AS (SELECT * FROM cblocked UNION ALL SELECT * FROM blocked),
event AS (
  INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
  SELECT $14, $1, 'fraud.prefix_blocked', jsonb_build_object(
      'prefix', prefix, 'scope', scope, 'country', $11::text, 'environment', $2::text, 'until', sg_iso(until),
      'sends', sends, 'verified', verified),
    $5::timestamptz
  FROM made
  RETURNING 1
)
SELECT (SELECT id FROM active) AS active_id, (SELECT sg_iso(until) FROM active) AS active_until,
       (SELECT scope FROM active) AS active_scope,
       (SELECT count(*)::int FROM refused) AS refused, (SELECT id FROM made) AS blocked_id,
       (SELECT count(*)::int FROM event) AS events`;

export interface OtpSendDecision {
  /** Set when the send must be refused: the active block's end (ISO 8601). */
  refusedUntil: string | null;
  /** What the refusing block covers: the number's prefix, or its whole country. */
  refusedScope: "prefix" | "country" | null;
  /** Set when this send crossed the threshold and blocked the prefix (the send itself goes out). */
  newBlockId: string | null;
}

/** The advisory-lock key that serializes decisions for one prefix (taken with the recipient's lock). */
export function fraudLockKey(organizationId: string, environment: string, to: string): string {
  return `fraud:${organizationId}:${environment}:${prefixOf(to)}`;
}

/** Decide an OTP send (contract §12), inside its transaction, holding fraudLockKey's lock. */
export async function decideOtpSend(
  tx: DbOrTx,
  input: { organizationId: string; environment: "live" | "test"; to: string; now: Date },
): Promise<OtpSendDecision> {
  const { organizationId, environment, to, now } = input;
  const prefix = prefixOf(to);
  const hour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  // The share of the previous hour that is still within the last 60 minutes.
  const previousWeight = 1 - (now.getTime() - hour) / HOUR_MS;
  const [row] = await runSql<{
    active_id: string | null;
    active_until: string | null;
    active_scope: "prefix" | "country" | null;
    blocked_id: string | null;
  }>(tx, DECIDE_SQL, [
    organizationId,
    environment,
    prefix,
    to,
    now.toISOString(),
    new Date(hour).toISOString(),
    previousWeight,
    new Date(hour - HOUR_MS).toISOString(),
    newId("fatt"),
    newId("fblk"),
    countryOf(to),
    new Date(now.getTime() - HOUR_MS).toISOString(),
    new Date(now.getTime() + FRAUD_BLOCK_HOURS * HOUR_MS).toISOString(),
    newId("evt"),
    newId("fblk"),
  ]);
  return {
    refusedUntil: row?.active_id ? row.active_until : null,
    refusedScope: row?.active_id ? row.active_scope : null,
    newBlockId: row?.blocked_id ?? null,
  };
}
