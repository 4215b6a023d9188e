// One statement per batch, so each batch is its own short transaction. Every statement walks its
// table's primary key from `after` ($2) up to the cutoff id ($1, the smallest id of the cutoff time:
// ids start with their creation time, so the key is the time index), takes at most $3 rows, and
// answers the last id it reached, where the next batch starts. $4 is the organization: the tables
// walked by id are keyed (organization_id, id), so their batches walk one organization at a time
// (run-retention.ts); the campaign links and fraud counters, walked by time, get null.
//
// No FOR UPDATE: a DELETE re-checks its WHERE on the newest version of a row another transaction
// changed meanwhile (a delivery redelivered by hand, back to PENDING, is then not deleted), and
// waits for a row lock instead of skipping the row, so nothing is passed over. Nothing that serves a
// send touches rows this old, so the wait is theoretical.

const ORG = `($4::text IS NULL OR organization_id = $4::text)`;

/**
 * Final messages only (a QUEUED or SENT one may still change, and the pipeline may still hold it),
 * with their OTP code (`otp_codes.message_id`, no foreign key): an OTP is valid for an hour at
 * most, so one whose message is this old is long finished, and its row would only point at a
 * message that no longer exists. Carrier receipts are not touched: they are deleted when applied,
 * or after an hour when they never find their message. Outbox events and webhook deliveries carry
 * their own copy of the payload and have their own, shorter, periods.
 */
export const DELETE_MESSAGES = `
WITH doomed AS (
  SELECT organization_id, id FROM messages
  WHERE id > $2::text AND id < $1::text AND status IN ('DELIVERED', 'UNDELIVERED', 'FAILED', 'CANCELED') AND ${ORG}
  ORDER BY id LIMIT $3
), gone AS (
  DELETE FROM messages m USING doomed
  WHERE m.organization_id = doomed.organization_id AND m.id = doomed.id AND m.status IN ('DELIVERED', 'UNDELIVERED', 'FAILED', 'CANCELED')
  RETURNING m.organization_id, m.id, m.otp_id
), otp AS (
  DELETE FROM otp_codes o USING gone WHERE o.organization_id = gone.organization_id AND o.id = gone.otp_id RETURNING 1
)
SELECT (SELECT count(*) FROM gone)::int AS rows, (SELECT count(*) FROM otp)::int AS related,
  (SELECT count(*) FROM doomed)::int AS scanned, (SELECT max(id) FROM doomed) AS last`;

/**
 * A batch delete of `table`'s rows by id (each row alone, nothing related), of the rows that match
 * `condition` (checked again as each row is deleted, so a row changed meanwhile stays).
 */
function deleteByIdBatch(table: string, condition = "TRUE"): string {
  return `
WITH doomed AS (
  SELECT organization_id, id FROM ${table} WHERE id > $2::text AND id < $1::text AND ${condition} AND ${ORG}
  ORDER BY id LIMIT $3
), gone AS (
  DELETE FROM ${table} t USING doomed
  WHERE t.organization_id = doomed.organization_id AND t.id = doomed.id AND ${condition} RETURNING t.id
)
SELECT (SELECT count(*) FROM gone)::int AS rows, 0 AS related, (SELECT count(*) FROM doomed)::int AS scanned, (SELECT max(id) FROM doomed) AS last`;
}

/** Dispatched events only: an undispatched one is still the relay's work. Nothing reads the others. */
export const DELETE_OUTBOX_EVENTS = deleteByIdBatch("outbox_events", "dispatched_at IS NOT NULL");

/**
 * Finished deliveries only (SUCCEEDED, FAILED): a PENDING one is in the worker's queue and a
 * RETRYING one has its retry job, which expects it. A retry job whose delivery is gone anyway stops
 * by itself (retry-attempt.ts answers DELETED). Attempts go with their delivery, set-based here
 * rather than one cascade per row.
 */
export const DELETE_WEBHOOK_DELIVERIES = `
WITH doomed AS (
  SELECT organization_id, id FROM webhook_deliveries
  WHERE id > $2::text AND id < $1::text AND status IN ('SUCCEEDED', 'FAILED') AND ${ORG}
  ORDER BY id LIMIT $3
), kept AS (
  SELECT d.organization_id, d.id FROM webhook_deliveries d
  JOIN doomed ON doomed.organization_id = d.organization_id AND doomed.id = d.id
  WHERE d.status IN ('SUCCEEDED', 'FAILED')
  FOR UPDATE OF d
), attempts AS (
  DELETE FROM webhook_attempts a USING kept
  WHERE a.organization_id = kept.organization_id AND a.delivery_id = kept.id RETURNING 1
), gone AS (
  DELETE FROM webhook_deliveries d USING kept
  WHERE d.organization_id = kept.organization_id AND d.id = kept.id RETURNING d.id
)
SELECT (SELECT count(*) FROM gone)::int AS rows, (SELECT count(*) FROM attempts)::int AS related,
  (SELECT count(*) FROM doomed)::int AS scanned, (SELECT max(id) FROM doomed) AS last`;

export const DELETE_AUDIT_LOG = deleteByIdBatch("audit_log");

/**
 * Live bodies past their age become "" (a real body has at least one character). Sandbox bodies
 * stay until their message goes: the status endpoint shows them (contract §5), and nothing was
 * sent to anyone. A QUEUED message keeps its body: the hand-off still needs it; so does a SCHEDULED
 * one (accepted up to 35 days before it is due, contract §11). The window is the
 * next $3 messages whatever their environment, so a run over sandbox traffic still moves on in
 * bounded steps, and the position it reached is saved in the same statement ($5 names it).
 */
export const REDACT_LIVE_BODIES = `
WITH win AS (
  SELECT organization_id, id FROM messages WHERE id > $2::text AND id < $1::text AND ${ORG} ORDER BY id LIMIT $3
), redacted AS (
  UPDATE messages m SET body = '' FROM win
  WHERE m.organization_id = win.organization_id AND m.id = win.id AND m.environment = 'live' AND m.status NOT IN ('QUEUED', 'SCHEDULED') AND m.body <> ''
  RETURNING 1
), mark AS (
  INSERT INTO retention_watermarks (name, position, updated_at)
  SELECT $5::text, max(id), now() FROM win HAVING count(*) > 0
  ON CONFLICT (name) DO UPDATE
    SET position = GREATEST(retention_watermarks.position, EXCLUDED.position), updated_at = EXCLUDED.updated_at
  RETURNING 1
)
SELECT (SELECT count(*) FROM redacted)::int AS rows, 0 AS related,
  (SELECT count(*) FROM win)::int AS scanned, (SELECT max(id) FROM win) AS last`;

export const READ_WATERMARK = `SELECT position FROM retention_watermarks WHERE name = $1`;

/**
 * Campaign short links (server/campaigns/links/) share their message's period: a link older than
 * MESSAGE_RETENTION_DAYS goes, whatever its message's status (a message kept longer because it never
 * reached a final status loses its links at the same age, and the link answers 404). Walked by the
 * created_at index, oldest first; every row selected is deleted, so $2 (the last batch's newest
 * created_at) only narrows the index range. A recipient's unique-click row goes with the last of its
 * links in the campaign: while one remains, a new tap on it must not count as a new unique click.
 * Clicks, unique clicks and opt-outs live in campaign_daily_stats, which is never deleted, so the
 * campaign's stats are the same after this as before.
 */
export const DELETE_CAMPAIGN_LINKS = `
WITH doomed AS (
  SELECT organization_id, code, created_at FROM campaign_links
  WHERE created_at < $1::timestamptz AND ($2::text = '' OR created_at >= $2::timestamptz) AND ${ORG}
  ORDER BY created_at LIMIT $3
), gone AS (
  DELETE FROM campaign_links l USING doomed WHERE l.organization_id = doomed.organization_id AND l.code = doomed.code
  RETURNING l.organization_id, l.code, l.campaign_id, l.contact_id
), clickers AS (
  DELETE FROM campaign_link_clickers c
  USING (SELECT DISTINCT organization_id, campaign_id, contact_id FROM gone WHERE contact_id IS NOT NULL) g
  WHERE c.organization_id = g.organization_id AND c.campaign_id = g.campaign_id AND c.contact_id = g.contact_id
    AND NOT EXISTS (
      SELECT 1 FROM campaign_links o
      WHERE o.organization_id = g.organization_id AND o.campaign_id = g.campaign_id AND o.contact_id = g.contact_id
        AND NOT EXISTS (SELECT 1 FROM gone WHERE gone.code = o.code))
  RETURNING 1
)
SELECT (SELECT count(*) FROM gone)::int AS rows, (SELECT count(*) FROM clickers)::int AS related,
  (SELECT count(*) FROM doomed)::int AS scanned, (SELECT max(created_at)::text FROM doomed) AS last`;

/**
 * OTP sends refused with suspected_fraud (server/fraud/): refused messages, kept as long as
 * messages are. Nothing refers to them; the OTP page lists the newest.
 */
export const DELETE_FRAUD_BLOCKED_ATTEMPTS = deleteByIdBatch("fraud_blocked_attempts");

/**
 * The fraud guard's hourly send and verify counters: a decision reads the current and the previous
 * hour, and a verify counts in its send's hour (codes expire within the hour), so anything older
 * than FRAUD_COUNTER_RETENTION_DAYS (at least a day) is never read again. Walked by the hour index;
 * every row selected is deleted ($2 narrows the range, as for links).
 */
export const DELETE_FRAUD_COUNTERS = `
WITH doomed AS (
  SELECT organization_id, environment, prefix, hour FROM fraud_counters
  WHERE hour < $1::timestamptz AND ($2::text = '' OR hour >= $2::timestamptz) AND ${ORG}
  ORDER BY hour LIMIT $3
), gone AS (
  DELETE FROM fraud_counters c USING doomed
  WHERE c.organization_id = doomed.organization_id AND c.environment = doomed.environment
    AND c.prefix = doomed.prefix AND c.hour = doomed.hour
  RETURNING 1
)
SELECT (SELECT count(*) FROM gone)::int AS rows, 0 AS related, (SELECT count(*) FROM doomed)::int AS scanned, (SELECT max(hour)::text FROM doomed) AS last`;
