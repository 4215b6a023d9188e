import type pg from "pg";
import { idSql } from "./retention-seed";

// `--only growth`'s data: one organization's history written by SQL, set-based, in chunks of one
// transaction each. Message number g (a global counter, so a second seed grows the first without
// clashing ids) is placed in time evenly over the span, so a seed of 10,000 and one of 5,000,000
// have the same shape, only denser. Every id begins with its row's time (idSql, as newIdAt makes
// them). Per message (proportions hashed from g, so they do not follow each other):
//   - environment: 40 % of messages in bulk batches of 500 (live), the rest single sends, 10 % of
//     which are sandbox; 5 % of all are one-time codes (sender ACMEOTP, live, with an otp_codes row);
//   - status: 3 % FAILED (never SENT, free), 3 % UNDELIVERED, 2 % SENT (no receipt), the rest
//     DELIVERED 1.5 to 6 s after acceptance (5 % over a minute); 10 % two segments;
//   - 500,000 recipients (+15030000000 …), senders ACME (65 %), +14155550100 (30 %), ACMEOTP;
//   - outbox events as the pipeline leaves them (queued, sent, final; dispatched): 3, or 2 for
//     FAILED and SENT;
//   - one webhook delivery of each final event (0.5 % FAILED after 6 attempts, 3 % SUCCEEDED on the
//     second attempt) with its attempts;
//   - one audit entry per 500 messages.
// The hourly aggregates are kept exactly as the pipeline keeps them: the insert trigger counts the
// accepted messages, and the same statement adds what their transitions would have counted (sent,
// final statuses, the time-to-deliver bins) from the inserted rows, so analytics reads real data.

export const BATCH_SIZE = 500;
const CHUNK = 50_000;

export interface GrowthSeedOptions {
  organizationId: string;
  /** An inactive webhook of the organization: the deliveries' owner. */
  webhookId: string;
  /** Message numbers [from, to), spread evenly over [startMs, startMs + spanMs). */
  from: number;
  to: number;
  startMs: number;
  spanMs: number;
  log: (m: string) => void;
}

// One chunk's messages with everything derived from g, read by each insert of the chunk.
const CHUNK_SQL = (o: GrowthSeedOptions) => {
  const n = o.to - o.from;
  const ms = `(${o.startMs}::bigint + ((g - ${o.from}) * ${o.spanMs}::bigint) / ${n})`;
  const batchNo = `((g - ${o.from}) / ${BATCH_SIZE})`;
  const batchMs = `(${o.startMs}::bigint + ((${batchNo} * ${BATCH_SIZE}) * ${o.spanMs}::bigint) / ${n})`;
  const h = (salt: number, mod: number) => `(abs(hashint8(g * 7 + ${salt})::bigint) % ${mod})`;
  return `
CREATE TEMP TABLE growth_chunk ON COMMIT DROP AS
SELECT s.*,
  -- A bulk's messages are made in one instant and lie in the id range their batch id names
  -- (server/messages/batch-ids.ts): the batch id's time and 8 shared characters, then their own 8.
  CASE WHEN batched THEN 'msg_' || substr(batch_id, 5, 16) || lpad(g::text, 8, '0')
       ELSE ${idSql("msg", "ms", "g")} END AS msg_id,
  to_timestamp(ms / 1000.0) AS at,
  CASE status WHEN 'DELIVERED' THEN to_timestamp((ms + ttd_ms) / 1000.0)
              WHEN 'SENT' THEN to_timestamp((ms + 1000) / 1000.0)
              ELSE to_timestamp((ms + 1500) / 1000.0) END AS final_at,
  CASE WHEN status = 'SENT' THEN ms + 1000 WHEN status = 'DELIVERED' THEN ms + ttd_ms ELSE ms + 1500 END AS final_ms,
  CASE WHEN environment = 'live' AND status <> 'FAILED' THEN 79 * segments ELSE 0 END AS price_units
FROM (
  SELECT g, CASE WHEN batched THEN ${batchMs} ELSE ${ms} END AS ms,
    CASE WHEN batched THEN ${idSql("bat", batchMs, `(${o.from} + ${batchNo} * ${BATCH_SIZE}) * 100000000`)} END AS batch_id,
    CASE WHEN otp THEN ${idSql("otp", ms, "g")} END AS otp_id,
    (CASE WHEN batched OR otp OR g % 10 <> 9 THEN 'live' ELSE 'test' END)::"KeyEnvironment" AS environment,
    '+1503' || lpad(${h(1, 500_000)}::text, 7, '0') AS to_number,
    CASE WHEN otp THEN 'ACMEOTP' WHEN ${h(2, 100)} < 68 THEN 'ACME' ELSE '+14155550100' END AS from_sender,
    (CASE WHEN ${h(3, 100)} < 3 THEN 'FAILED' WHEN ${h(3, 100)} < 6 THEN 'UNDELIVERED'
          WHEN ${h(3, 100)} < 8 THEN 'SENT' ELSE 'DELIVERED' END)::"MessageStatus" AS status,
    CASE WHEN ${h(4, 10)} = 0 THEN 2 ELSE 1 END AS segments,
    1500 + ${h(5, 4500)} + CASE WHEN ${h(6, 20)} = 0 THEN 60000 ELSE 0 END AS ttd_ms,
    otp, batched, ${h(7, 1000)} AS dh, ${h(8, 100)} AS oh
  FROM (
    SELECT g, ${batchNo} % 5 < 2 AS batched, ${batchNo} % 5 >= 2 AND ${h(9, 20)} = 0 AS otp
    FROM generate_series($1::bigint, $2::bigint) g
  ) b
) s`;
};

const MESSAGES_SQL = `
WITH ins AS (
  INSERT INTO messages (id, organization_id, batch_id, otp_id, environment, to_number, from_sender, body, segments,
    price_units, country, encoding, status, provider, provider_message_id, error_code, error_message, attempts,
    next_attempt_at, created_at, sent_at, delivered_at, failed_at, updated_at)
  SELECT msg_id, $1, batch_id, otp_id, environment, to_number, from_sender,
    CASE WHEN otp THEN 'Your ACME code is ' || lpad((g % 1000000)::text, 6, '0') || '. It expires in 10 minutes.'
         ELSE 'ACME: your order ' || g || ' has shipped and will arrive tomorrow between 9 and 12. Track it at acme.example/t/' || g END,
    segments, price_units, 'US', 'GSM-7', status,
    CASE WHEN environment = 'live' THEN 'smpp' ELSE 'sandbox' END,
    CASE WHEN environment = 'live' AND status <> 'FAILED' THEN 'smsc-' || g END,
    CASE status WHEN 'FAILED' THEN 'carrier_rejected' WHEN 'UNDELIVERED' THEN 'undeliverable' END,
    CASE status WHEN 'FAILED' THEN 'The carrier refused the message.' WHEN 'UNDELIVERED' THEN 'The handset was unreachable.' END,
    1, at, at,
    CASE WHEN status <> 'FAILED' THEN to_timestamp((ms + 1000) / 1000.0) END,
    CASE WHEN status = 'DELIVERED' THEN final_at END,
    CASE WHEN status IN ('FAILED', 'UNDELIVERED') THEN final_at END,
    final_at
  FROM growth_chunk
  RETURNING environment, created_at, segments, price_units, status, delivered_at
), k AS (
  SELECT environment, date_trunc('hour', created_at, 'UTC') AS hour,
    CASE WHEN segments > 0 THEN price_units / segments ELSE 0 END AS pps, status, segments, price_units,
    CASE WHEN status = 'DELIVERED' THEN sg_ttd_bin(extract(epoch FROM delivered_at - created_at) * 1000) END AS bin
  FROM ins
), totals AS (
  SELECT environment, hour, pps,
    count(*) FILTER (WHERE status <> 'FAILED') AS sent,
    count(*) FILTER (WHERE status = 'DELIVERED') AS delivered,
    count(*) FILTER (WHERE status = 'UNDELIVERED') AS undelivered,
    count(*) FILTER (WHERE status = 'FAILED') AS failed,
    coalesce(sum(segments) FILTER (WHERE status = 'FAILED'), 0) AS failed_segments
  FROM k GROUP BY 1, 2, 3
), per_bin AS (
  SELECT environment, hour, pps, bin, count(*) AS n FROM k WHERE bin IS NOT NULL GROUP BY 1, 2, 3, 4
), bins AS (
  SELECT t.environment, t.hour, t.pps, array_agg(coalesce(b.n, 0)::bigint ORDER BY i.i) AS ttd_bins
  FROM totals t CROSS JOIN generate_series(0, 41) i(i)
  LEFT JOIN per_bin b ON b.environment = t.environment AND b.hour = t.hour AND b.pps = t.pps AND b.bin = i.i
  GROUP BY 1, 2, 3
)
-- What the transitions would have added; the insert trigger adds the accepted counts after this.
INSERT INTO message_stats_hourly AS s (organization_id, environment, hour, country, price_per_segment_units,
  sent, delivered, undelivered, failed, failed_segments, failed_price_units, ttd_bins)
SELECT $1, t.environment, t.hour, 'US', t.pps, t.sent, t.delivered, t.undelivered, t.failed, t.failed_segments, 0,
  b.ttd_bins
FROM totals t JOIN bins b USING (environment, hour, pps)
ORDER BY 2, 3, 5
ON CONFLICT (organization_id, environment, hour, country, price_per_segment_units) DO UPDATE SET
  sent = s.sent + excluded.sent, delivered = s.delivered + excluded.delivered,
  undelivered = s.undelivered + excluded.undelivered, failed = s.failed + excluded.failed,
  failed_segments = s.failed_segments + excluded.failed_segments, ttd_bins = sg_add_bins(s.ttd_bins, excluded.ttd_bins)`;

const OTP_SQL = `
WITH ins AS (
  INSERT INTO otp_codes (id, organization_id, environment, to_number, code_hash, length, status, attempts, message_id,
    expires_at, verified_at, expired_at, created_at, updated_at)
  SELECT otp_id, $1, environment, to_number, md5(otp_id), 6,
    (CASE WHEN oh < 70 THEN 'APPROVED' WHEN oh < 94 THEN 'EXPIRED' ELSE 'MAX_ATTEMPTS' END)::"OtpStatus",
    CASE WHEN oh < 70 THEN 1 WHEN oh < 94 THEN 0 ELSE 5 END, msg_id, at + interval '10 minutes',
    CASE WHEN oh < 70 THEN at + interval '40 seconds' END,
    CASE WHEN oh >= 70 THEN at + interval '10 minutes' END, at, at + interval '40 seconds'
  FROM growth_chunk WHERE otp
  RETURNING environment, created_at, status
)
INSERT INTO otp_stats_hourly AS s (organization_id, environment, hour, verified, expired)
SELECT $1, environment, date_trunc('hour', created_at, 'UTC'), count(*) FILTER (WHERE status = 'APPROVED'),
  count(*) FILTER (WHERE status IN ('EXPIRED', 'MAX_ATTEMPTS'))
FROM ins GROUP BY 2, 3 ORDER BY 2, 3
ON CONFLICT (organization_id, environment, hour) DO UPDATE SET
  verified = s.verified + excluded.verified, expired = s.expired + excluded.expired`;

const EVENT_TYPE = `CASE k WHEN 0 THEN 'message.queued' WHEN 1 THEN 'message.sent'
  ELSE 'message.' || lower(status::text) END`;
const EVENT_MS = `CASE k WHEN 0 THEN ms WHEN 1 THEN ms + 1000 ELSE final_ms END`;

const OUTBOX_SQL = `
INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
SELECT ${idSql("evt", EVENT_MS, "g * 3 + k")}, $1, ${EVENT_TYPE},
  jsonb_build_object('messageId', msg_id, 'status', CASE k WHEN 0 THEN 'QUEUED' WHEN 1 THEN 'SENT' ELSE status::text END,
    'to', to_number, 'from', from_sender, 'segments', segments, 'environment', environment, 'batchId', batch_id,
    'createdAt', at, 'sentAt', CASE WHEN k > 0 AND status <> 'FAILED' THEN at + interval '1 second' END,
    'deliveredAt', CASE WHEN k = 2 AND status = 'DELIVERED' THEN final_at END),
  to_timestamp((${EVENT_MS}) / 1000.0), to_timestamp((${EVENT_MS}) / 1000.0 + 0.05)
FROM growth_chunk, generate_series(0, 2) k
WHERE NOT (k = 1 AND status = 'FAILED') AND NOT (k = 2 AND status = 'SENT')`;

const DELIVERY_STATUS = `CASE WHEN dh < 5 THEN 'FAILED' ELSE 'SUCCEEDED' END`;
const ATTEMPTS = `CASE WHEN dh < 5 THEN 6 WHEN dh < 35 THEN 2 ELSE 1 END`;

const DELIVERIES_SQL = `
INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event, body, status, attempt_count,
  next_attempt_at, last_status_code, last_error, created_at, updated_at)
SELECT ${idSql("dlv", "final_ms", "g")}, $1, $2, ${idSql("evt", "final_ms", "g * 3 + 2")}, 'message.' || lower(status::text),
  jsonb_build_object('id', ${idSql("evt", "final_ms", "g * 3 + 2")}, 'event', 'message.' || lower(status::text),
    'timestamp', final_at, 'payload', jsonb_build_object('messageId', msg_id, 'status', status, 'to', to_number,
    'from', from_sender, 'segments', segments, 'environment', environment))::text,
  (${DELIVERY_STATUS})::"DeliveryStatus", ${ATTEMPTS}, NULL,
  CASE WHEN dh < 5 THEN 500 ELSE 200 END, CASE WHEN dh < 5 THEN 'HTTP 500' END, final_at,
  final_at + (${ATTEMPTS} - 1) * interval '30 seconds'
FROM growth_chunk WHERE status <> 'SENT'`;

const ATTEMPTS_SQL = `
INSERT INTO webhook_attempts (id, organization_id, delivery_id, attempt, status_code, response_time_ms, error,
  response_body, created_at)
SELECT ${idSql("att", "final_ms + (a - 1) * 30000", "g * 8 + a")}, $1, ${idSql("dlv", "final_ms", "g")}, a,
  CASE WHEN a = ${ATTEMPTS} AND dh >= 5 THEN 200 WHEN dh < 35 AND dh >= 5 THEN 503 ELSE 500 END,
  40 + dh % 200, CASE WHEN a < ${ATTEMPTS} OR dh < 5 THEN 'HTTP ' || CASE WHEN dh < 5 THEN 500 ELSE 503 END END,
  CASE WHEN a = ${ATTEMPTS} AND dh >= 5 THEN 'ok' ELSE 'Service Unavailable' END,
  final_at + (a - 1) * interval '30 seconds'
FROM growth_chunk, generate_series(1, ${ATTEMPTS}) a WHERE status <> 'SENT'`;

const AUDIT_SQL = `
INSERT INTO audit_log (id, organization_id, actor_type, action, resource_type, resource_id, ip, user_agent, changes, created_at)
SELECT ${idSql("aud", "ms", "g")}, $1, 'user', a.action, a.resource_type, a.resource_type || '_' || g, '203.0.113.7',
  'Mozilla/5.0', jsonb_build_object('before', NULL, 'after', jsonb_build_object('name', 'bench ' || g)), at
FROM growth_chunk,
  LATERAL (SELECT (ARRAY['apiKey.created', 'webhook.updated', 'session.signedIn', 'rateLimits.updated'])[1 + g / 500 % 4] AS action,
                  (ARRAY['apiKey', 'webhook', 'session', 'rateLimits'])[1 + g / 500 % 4] AS resource_type) a
WHERE g % 500 = 0`;

// Contacts (issue 30, item 3's searches): one per 10 messages (message numbers divisible by 10), so
// 1,000 at 10,000 messages and 500,000 at 5,000,000. Names from 20 syllables: 200 first names and
// 1,000 last names, hashed from the number, so a full name is shared by about 2.5 contacts at 500,000
// and a last name by 500; emails are unique (first.lastN@…); tags: customer 60 %, beta 10 %, VIP 2 %.
const SYLLABLES = `ARRAY['ka','lo','mi','ra','te','su','na','vi','do','ge','ha','jo','be','li','an','el','or','is','ul','ye']`;
const CONTACTS_SQL = `
INSERT INTO contacts (id, organization_id, phone, first_name, last_name, email, tags, attributes, created_at, updated_at)
SELECT id, $1, phone, first_name, last_name, lower(first_name || '.' || last_name || n) || '@example.com', tags,
  jsonb_build_object('plan', CASE WHEN h % 3 = 0 THEN 'pro' ELSE 'free' END), at, at
FROM (
  SELECT ${idSql("ct", "ms", "g")} AS id, g / 10 AS n, '+1504' || lpad((g / 10)::text, 7, '0') AS phone, at, h,
    initcap(s[1 + h % 20] || s[1 + (h / 20) % 10]) AS first_name,
    initcap(s[1 + (h / 200) % 20] || s[1 + (h / 4000) % 10] || s[1 + (h / 40000) % 5] || 'son') AS last_name,
    array_remove(ARRAY[CASE WHEN h % 100 < 60 THEN 'customer' END, CASE WHEN (h / 100) % 10 = 0 THEN 'beta' END,
      CASE WHEN (h / 1000) % 50 = 0 THEN 'VIP' END], NULL) AS tags
  FROM growth_chunk, (SELECT ${SYLLABLES} AS s) syl, LATERAL (SELECT abs(hashint8(g * 7 + 11)) AS h) hh
  WHERE g % 10 = 0
) c`;

/** Seeds message numbers [from, to) and everything they leave behind; returns the rows written per table. */
export async function seedGrowth(client: pg.Client, o: GrowthSeedOptions): Promise<Record<string, number>> {
  const rows: Record<string, number> = {};
  const count = (table: string, r: pg.QueryResult) => (rows[table] = (rows[table] ?? 0) + (r.rowCount ?? 0));
  const started = performance.now();
  for (let first = o.from; first < o.to; first += CHUNK) {
    const last = Math.min(o.to, first + CHUNK) - 1;
    await client.query("BEGIN");
    await client.query(CHUNK_SQL(o), [first, last]);
    const chunk = await client.query<{ n: string; otp: string }>(
      "SELECT count(*)::text AS n, count(*) FILTER (WHERE otp)::text AS otp FROM growth_chunk",
    );
    rows.messages = (rows.messages ?? 0) + Number(chunk.rows[0]!.n);
    rows.otp_codes = (rows.otp_codes ?? 0) + Number(chunk.rows[0]!.otp);
    await client.query(MESSAGES_SQL, [o.organizationId]);
    await client.query(OTP_SQL, [o.organizationId]);
    count("outbox_events", await client.query(OUTBOX_SQL, [o.organizationId]));
    count("webhook_deliveries", await client.query(DELIVERIES_SQL, [o.organizationId, o.webhookId]));
    count("webhook_attempts", await client.query(ATTEMPTS_SQL, [o.organizationId]));
    count("audit_log", await client.query(AUDIT_SQL, [o.organizationId]));
    count("contacts", await client.query(CONTACTS_SQL, [o.organizationId]));
    await client.query("COMMIT");
    const done = last + 1 - o.from;
    if (last + 1 === o.to || done % 500_000 === 0) {
      const s = (performance.now() - started) / 1000;
      o.log(
        `growth: seeded ${done.toLocaleString("en")} of ${(o.to - o.from).toLocaleString("en")} messages in ${s.toFixed(0)} s`,
      );
    }
  }
  return rows;
}

/** The inactive webhook every seeded delivery belongs to (nothing new is delivered to it). */
export async function createSeedWebhook(client: pg.Client, organizationId: string): Promise<string> {
  const webhookId = `wh_bench_growth_${Date.now()}`;
  await client.query(
    `INSERT INTO webhooks (id, organization_id, name, url, events, is_active, created_at, updated_at)
     VALUES ($1, $2, 'growth bench', 'https://example.com/hook', '{message.delivered,message.undelivered,message.failed}',
       false, now(), now())`,
    [webhookId, organizationId],
  );
  return webhookId;
}
