// Partitions (issue 40), PostgreSQL only, a bench-style script (too slow for CI; the CI version is
// server/db/partitions/partitions.int.test.ts):
//   node server/scripts/with-postgres.mjs tsx server/scripts/bench/partitions.ts
// 1. Conversion under load: a database migrated up to the migration before partitions, holding
//    BENCH_PARTITION_MESSAGES (1,000,000) messages with one event each, is converted by the real
//    migration while BENCH_PARTITION_SENDERS (2) loops send one message (and its event) at a time,
//    as a single send writes them. Reported: the conversion's time, every send's latency before and
//    during it (p50, p99, max), failed sends (must be 0), and the rows after (must be all of them).
// 2. Retention: BENCH_PARTITION_MONTH_MESSAGES (1,000,000; the figure is 5,000,000) DELIVERED
//    messages in one month's partition and as many in the next; the first month is dropped by
//    dropExpiredPartitions, the second deleted by retention's batched statement (2,000 rows a
//    batch), each timed, with pg_stat_user_tables' dead tuples after.
import os from "node:os";
import pg from "pg";
import { openDriver } from "../../db/driver";
import { migrate, readMigrations } from "../../db/migrate";
import { dropExpiredPartitions } from "../../db/partitions/partitions";
import { newId, smallestIdAt } from "../../ids";
import { DELETE_MESSAGES } from "../../retention/statements";
import { percentile } from "./measure";
import { idSql } from "./retention-seed";

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error("needs PostgreSQL: run through server/scripts/with-postgres.mjs");
const messages = Number(process.env.BENCH_PARTITION_MESSAGES ?? 1_000_000);
const monthMessages = Number(process.env.BENCH_PARTITION_MONTH_MESSAGES ?? 1_000_000);
const senders = Number(process.env.BENCH_PARTITION_SENDERS ?? 2);
const DAY = 86_400_000;

const log = (m: string) => console.log(`[partitions ${new Date().toISOString().slice(11, 19)}] ${m}`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ");

/** Messages over a span, with one dispatched event each unless `withEvents` is false. */
async function seed(
  client: pg.Client,
  org: string,
  count: number,
  fromMs: number,
  spanMs: number,
  withEvents = true,
): Promise<void> {
  const chunk = 100_000;
  for (let from = 0; from < count; from += chunk) {
    const to = Math.min(count, from + chunk) - 1;
    const ms = `(${fromMs}::bigint + g * ${Math.max(1, Math.floor(spanMs / count))}::bigint)`;
    const at = `to_timestamp(${ms} / 1000.0)`;
    const events = `INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
       SELECT ${idSql("evt", ms, "g")}, $1, 'message.delivered',
         jsonb_build_object('messageId', ${idSql("msg", ms, "g")}, 'status', 'DELIVERED'), ${at}, ${at}
       FROM generate_series($2::bigint, $3::bigint) g`;
    await client.query(
      `WITH m AS (
         INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding,
           status, provider, attempts, next_attempt_at, created_at, sent_at, delivered_at, updated_at)
         SELECT ${idSql("msg", ms, "g")}, $1, 'test', '+1415555' || lpad((g % 10000)::text, 4, '0'), 'SG',
           'Your order ' || g || ' has shipped and will arrive tomorrow between 9 and 12.', 1, 'GSM-7',
           'DELIVERED', 'sandbox', 1, ${at}, ${at}, ${at}, ${at}, ${at}
         FROM generate_series($2::bigint, $3::bigint) g RETURNING 1)
       ${withEvents ? events : "SELECT count(*) FROM m"}`,
      [org, from, to],
    );
  }
}

/** One single send's rows, as the accepting statement writes them: the message and its event. */
const SEND_SQL = `
WITH m AS (
  INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding, status,
    created_at, updated_at, next_attempt_at)
  VALUES ($1, $2, 'test', '+14155550123', 'SG', 'bench', 1, 'GSM-7', 'DELIVERED', now(), now(), now()) RETURNING 1)
INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
VALUES ($3, $2, 'message.delivered', '{}', now(), now())`;

interface Latencies {
  ok: number[];
  failed: number;
}

function sendLoop(pool: pg.Pool, org: string, until: () => boolean, into: () => Latencies): Promise<void> {
  return (async () => {
    while (!until()) {
      const t = performance.now();
      try {
        await pool.query(SEND_SQL, [newId("msg"), org, newId("evt")]);
        into().ok.push(performance.now() - t);
      } catch (err) {
        into().failed++;
        log(`send failed: ${(err as Error).message}`);
      }
    }
  })();
}

const summary = (l: Latencies) => {
  const s = [...l.ok].sort((a, b) => a - b);
  return {
    sends: s.length,
    failed: l.failed,
    p50Ms: Number(percentile(s, 50).toFixed(1)),
    p99Ms: Number(percentile(s, 99).toFixed(1)),
    maxMs: Number((s.at(-1) ?? 0).toFixed(1)),
  };
};

async function main(): Promise<void> {
  const driver = openDriver({ databaseUrl: url, dataDir: "memory://", poolSize: 2 });
  const pool = new pg.Pool({ connectionString: url, max: senders + 1 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const all = readMigrations();
    const at = all.findIndex((m) => m.name === "20261130010000_partitions");
    await migrate(driver, all.slice(0, at));
    const org = `org_bench_partitions_${Date.now()}`;
    await client.query(`INSERT INTO organizations (id, name, updated_at) VALUES ($1, 'bench', now())`, [org]);
    log(`seeding ${messages} messages with an event each (load ${load()})`);
    let t = performance.now();
    await seed(client, org, messages, Date.now() - 60 * DAY, 59 * DAY);
    await client.query("VACUUM ANALYZE messages");
    await client.query("VACUUM ANALYZE outbox_events");
    log(`seeded in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    let phase: Latencies = { ok: [], failed: 0 };
    let stop = false;
    const loops = Array.from({ length: senders }, () =>
      sendLoop(
        pool,
        org,
        () => stop,
        () => phase,
      ),
    );
    await new Promise((r) => setTimeout(r, 10_000));
    const before = summary(phase);
    phase = { ok: [], failed: 0 };
    const loadBefore = load();
    t = performance.now();
    await migrate(driver, all.slice(0, at + 1));
    const conversionS = (performance.now() - t) / 1000;
    stop = true;
    await Promise.all(loops);
    const during = summary(phase);
    const [rows] = (
      await client.query<{ n: string }>(`SELECT count(*) AS n FROM messages WHERE organization_id = $1`, [org])
    ).rows;
    const expected = messages + before.sends + during.sends;
    console.log(
      JSON.stringify(
        {
          conversion: {
            messages,
            seconds: Number(conversionS.toFixed(1)),
            load: loadBefore,
            sendsBefore: before,
            sendsDuring: during,
            rowsAfter: Number(rows?.n),
            rowsExpected: expected,
          },
        },
        null,
        2,
      ),
    );

    // 2. Retention: a month dropped against a month deleted in batches.
    await migrate(driver);
    const next = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 2, 1));
    const after = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 1));
    const afterEnd = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth() + 1, 1));
    const org2 = `org_bench_partitions_month_${Date.now()}`;
    await client.query(`INSERT INTO organizations (id, name, updated_at) VALUES ($1, 'bench', now())`, [org2]);
    log(`seeding two months of ${monthMessages} messages (load ${load()})`);
    // Messages only: outbox events get their days' partitions two weeks ahead, not months.
    await seed(client, org2, monthMessages, next.getTime() + DAY, 27 * DAY, false);
    await seed(client, org2, monthMessages, after.getTime() + DAY, 27 * DAY, false);
    await client.query("VACUUM ANALYZE messages");
    const loadRetention = load();
    const partitionOf = (d: Date) => `messages_p${d.toISOString().slice(0, 10).replaceAll("-", "")}`;
    t = performance.now();
    // Drops the legacy partition (the converted table), the empty month and the seeded one.
    const dropped = await dropExpiredPartitions(driver, { messages: after });
    const dropMs = performance.now() - t;
    t = performance.now();
    let deleted = 0;
    let batches = 0;
    for (let last = ""; ; batches++) {
      const [row] = (
        await client.query<{ rows: number; scanned: number; last: string | null }>(DELETE_MESSAGES, [
          smallestIdAt("msg", afterEnd),
          last,
          2000,
          org2,
        ])
      ).rows;
      deleted += Number(row?.rows ?? 0);
      if (!row?.last || Number(row.scanned) < 2000) break;
      last = row.last;
    }
    const deleteMs = performance.now() - t;
    const dead = (
      await client.query<{ relname: string; n_dead_tup: string }>(
        `SELECT relname, n_dead_tup FROM pg_stat_user_tables WHERE relname IN ($1, $2)`,
        [partitionOf(next), partitionOf(after)],
      )
    ).rows;
    console.log(
      JSON.stringify(
        {
          retention: {
            load: loadRetention,
            monthMessages,
            dropped: dropped.dropped.filter((d) => d.table === "messages"),
            dropSeconds: Number((dropMs / 1000).toFixed(2)),
            batchedDelete: { deleted, batches, seconds: Number((deleteMs / 1000).toFixed(1)) },
            deadTuplesAfter: dead,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await client.end();
    await pool.end();
    await driver.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
