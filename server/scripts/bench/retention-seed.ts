import type pg from "pg";

// `--only retention`'s data: expired rows written by SQL in the proportions one message leaves
// behind: the message, three outbox events (queued, sent, final; dispatched), one webhook delivery
// of the final event (SUCCEEDED) and its attempt. Six rows a message. Every row is 401 to 490 days
// old, so every retention period has passed. Controls that must survive: SENT messages and RETRYING
// deliveries of the same age.

export const ROWS_PER_MESSAGE = 6;

// An id made at `ms` (epoch milliseconds, a bigint expression): prefix, 8 base62 characters of
// time, then 16 characters from `n` (unique per row). As server/ids.ts and sg_new_id make them.
export function idSql(prefix: string, ms: string, n: string): string {
  const a = `'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'`;
  const digits = Array.from({ length: 8 }, (_, i) => {
    const power = 62n ** BigInt(7 - i);
    return `substr(${a}, ((${ms}) / ${power} % 62)::int + 1, 1)`;
  });
  return `'${prefix}_' || ${digits.join(" || ")} || lpad((${n})::text, 16, '0')`;
}

export interface SeededExpired {
  messages: number;
  rows: number;
  controls: { sentMessages: number; retryingDeliveries: number };
}

/**
 * Writes about `rows` expired rows for `organizationId` in chunks (one transaction each), then
 * VACUUM ANALYZE, as old data would be (all-visible, with statistics).
 */
export async function seedExpiredRows(
  client: pg.Client,
  organizationId: string,
  rows: number,
  log: (m: string) => void,
): Promise<SeededExpired> {
  const messages = Math.max(1, Math.floor(rows / ROWS_PER_MESSAGE));
  const webhookId = `wh_bench_retention_${Date.now()}`;
  // Inactive: nothing is delivered to it and it subscribes nothing new (the outbox trigger skips it).
  await client.query(
    `INSERT INTO webhooks (id, organization_id, name, url, events, is_active, created_at, updated_at)
     VALUES ($1, $2, 'retention bench', 'https://example.com/hook', '{*}', false, now(), now())`,
    [webhookId, organizationId],
  );
  const startMs = Date.now() - 490 * 86_400_000;
  const spanMs = 89 * 86_400_000;
  const chunk = 50_000;
  const statuses = `(CASE WHEN g % 33 = 0 THEN 'FAILED' WHEN g % 33 = 1 THEN 'UNDELIVERED' ELSE 'DELIVERED' END)`;
  for (let from = 0; from < messages; from += chunk) {
    const to = Math.min(messages, from + chunk) - 1;
    const ms = `(${startMs}::bigint + g * ${Math.floor(spanMs / messages)}::bigint)`;
    const at = `to_timestamp(${ms} / 1000.0)`;
    await client.query("BEGIN");
    await client.query(
      `INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding,
         status, provider, attempts, next_attempt_at, created_at, sent_at, delivered_at, failed_at, updated_at)
       SELECT ${idSql("msg", ms, "g")}, $1, 'test', '+1415555' || lpad((g % 10000)::text, 4, '0'), 'SG',
         'Your order ' || g || ' has shipped and will arrive tomorrow between 9 and 12.', 1, 'GSM-7',
         ${statuses}::"MessageStatus", 'sandbox', 1, ${at}, ${at}, ${at}, ${at}, ${at}, ${at}
       FROM generate_series($2::bigint, $3::bigint) g`,
      [organizationId, from, to],
    );
    await client.query(
      `INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
       SELECT ${idSql("evt", ms, "g * 3 + k")}, $1, (ARRAY['message.queued', 'message.sent', 'message.delivered'])[k + 1],
         jsonb_build_object('messageId', ${idSql("msg", ms, "g")}, 'status', 'DELIVERED', 'to', '+14155550123',
           'from', 'SG', 'segments', 1, 'environment', 'test', 'createdAt', ${at}, 'deliveredAt', ${at}),
         ${at}, ${at}
       FROM generate_series($2::bigint, $3::bigint) g, generate_series(0, 2) k`,
      [organizationId, from, to],
    );
    await client.query(
      `INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event, body, status, attempt_count,
         next_attempt_at, created_at, updated_at)
       SELECT ${idSql("dlv", ms, "g")}, $1, $4, ${idSql("evt", ms, "g * 3 + 2")}, 'message.delivered',
         jsonb_build_object('id', ${idSql("evt", ms, "g * 3 + 2")}, 'event', 'message.delivered', 'timestamp', ${at},
           'payload', jsonb_build_object('messageId', ${idSql("msg", ms, "g")}, 'status', 'DELIVERED',
           'to', '+14155550123', 'segments', 1))::text,
         'SUCCEEDED', 1, NULL, ${at}, ${at}
       FROM generate_series($2::bigint, $3::bigint) g`,
      [organizationId, from, to, webhookId],
    );
    await client.query(
      `INSERT INTO webhook_attempts (id, organization_id, delivery_id, attempt, status_code, response_time_ms,
         response_body, created_at)
       SELECT ${idSql("att", ms, "g")}, $3, ${idSql("dlv", ms, "g")}, 1, 200, 42, 'ok', ${at}
       FROM generate_series($1::bigint, $2::bigint) g`,
      [from, to, organizationId],
    );
    await client.query("COMMIT");
    if (to + 1 === messages || (to + 1) % 200_000 === 0) log(`retention: seeded ${to + 1} of ${messages} messages`);
  }
  // Controls, as old: retention must keep a message that is not final and a delivery still retrying.
  const controlMs = `(${startMs}::bigint + g * 1000)`;
  const controlAt = `to_timestamp(${controlMs} / 1000.0)`;
  await client.query(
    `INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding, status,
       provider, created_at, sent_at, updated_at)
     SELECT ${idSql("msg", controlMs, "9000000000 + g")}, $1, 'test', '+15005550003', 'SG', 'stays SENT', 1, 'GSM-7',
       'SENT', 'sandbox', ${controlAt}, ${controlAt}, ${controlAt}
     FROM generate_series(1, 1000) g`,
    [organizationId],
  );
  await client.query(
    `INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event, body, status, attempt_count,
       next_attempt_at, created_at, updated_at)
     SELECT ${idSql("dlv", controlMs, "9000000000 + g")}, $1, $2, 'evt_control_' || g, 'message.delivered', '{}',
       'RETRYING', 3, now() + interval '1 day', ${controlAt}, ${controlAt}
     FROM generate_series(1, 100) g`,
    [organizationId, webhookId],
  );
  log("retention: VACUUM ANALYZE of the seeded tables");
  await client.query("VACUUM ANALYZE messages, outbox_events, webhook_deliveries, webhook_attempts");
  return {
    messages,
    rows: messages * ROWS_PER_MESSAGE,
    controls: { sentMessages: 1000, retryingDeliveries: 100 },
  };
}

const TABLES = ["messages", "outbox_events", "webhook_deliveries", "webhook_attempts", "otp_codes", "audit_log"];

export interface DatabaseBytes {
  database: number;
  tables: Record<string, number>;
  /** Bytes the free space map offers for new rows in each table's heap (after VACUUM), when pg_freespacemap is available. */
  reusable: Record<string, number> | null;
}

/** Database and per-table bytes (heap, indexes and TOAST). */
export async function databaseBytes(client: pg.Client): Promise<DatabaseBytes> {
  // A partitioned table (issue 40) holds nothing itself: its bytes are its partitions'.
  const { rows } = await client.query<{ name: string; bytes: string }>(
    `SELECT t AS name,
       (SELECT coalesce(sum(pg_total_relation_size(p.relid)), 0) FROM pg_partition_tree(t::regclass) p WHERE p.isleaf)::text
         AS bytes
     FROM unnest($1::text[]) t WHERE to_regclass(t) IS NOT NULL`,
    [TABLES],
  );
  const [db] = (await client.query<{ bytes: string }>(`SELECT pg_database_size(current_database())::text AS bytes`))
    .rows;
  let reusable: Record<string, number> | null = null;
  try {
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_freespacemap");
    const free = await client.query<{ name: string; bytes: string }>(
      `SELECT t AS name,
         (SELECT coalesce(sum(f.avail), 0) FROM pg_partition_tree(t::regclass) p, pg_freespace(p.relid) f
          WHERE p.isleaf)::text AS bytes
       FROM unnest($1::text[]) t`,
      [TABLES],
    );
    reusable = Object.fromEntries(free.rows.map((r) => [r.name, Number(r.bytes)]));
  } catch {
    // Not installed on this server: the report says so.
  }
  return {
    database: Number(db!.bytes),
    tables: Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)])),
    reusable,
  };
}
