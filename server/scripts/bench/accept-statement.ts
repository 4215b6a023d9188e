// The accepting statement alone (docs/benchmarks.md, "What a bulk of 1,000 costs in the database"),
// before and after issue 40's schema, side by side on one PostgreSQL:
//   node server/scripts/with-postgres.mjs tsx server/scripts/bench/accept-statement.ts
// Two databases on the same server, one migrated up to the migration before partitions, one fully;
// the same insertMessages statement (1,000 sandbox messages of one bulk, one connection, no
// transaction around it) runs on each in turn, BENCH_ACCEPT_ROUNDS (30) times after 5 warm-ups.
// Reported: p50 and p90 per side, their ratio, and the load average (a shared machine moves both).
import os from "node:os";
import pg from "pg";
import { openDriver } from "../../db/driver";
import type { RawTx } from "../../db/driver-transaction";
import { migrate, readMigrations } from "../../db/migrate";
import { newBatch } from "../../messages/batch-ids";
import { insertMessages, type NewMessage } from "../../messages/insert-messages";
import { percentile } from "./measure";

const url = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (!url) throw new Error("needs PostgreSQL: run through server/scripts/with-postgres.mjs");
const rounds = Number(process.env.BENCH_ACCEPT_ROUNDS ?? 30);
const PARTITIONS = "20261130010000_partitions";

function databaseUrl(name: string): string {
  const u = new URL(url!);
  u.pathname = `/${name}`;
  return u.toString();
}

async function prepare(name: string, upTo: number | null): Promise<{ client: pg.Client; org: string }> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const driver = openDriver({ databaseUrl: databaseUrl(name), dataDir: "memory://", poolSize: 1 });
  const all = readMigrations();
  await migrate(driver, upTo === null ? all : all.slice(0, upTo));
  await driver.close();
  const client = new pg.Client({ connectionString: databaseUrl(name) });
  await client.connect();
  const org = `org_bench_accept_${name}`;
  await client.query(`INSERT INTO organizations (id, name, updated_at) VALUES ($1, 'bench', now())`, [org]);
  return { client, org };
}

const rawTx = (client: pg.Client): RawTx => ({
  $queryRawUnsafe: async <R>(query: string, ...values: unknown[]) => (await client.query(query, values)).rows as R,
  $executeRawUnsafe: async (query: string, ...values: unknown[]) => (await client.query(query, values)).rowCount ?? 0,
});

function bulk(org: string, now: Date): NewMessage[] {
  const batch = newBatch(now);
  return Array.from({ length: 1000 }, (_, i) => ({
    id: batch.newMessageId(),
    organizationId: org,
    apiKeyId: null,
    batchId: batch.batchId,
    otpId: null,
    environment: "test" as const,
    to: `+1415555${String(i % 10_000).padStart(4, "0")}`,
    from: "SG",
    body: `Your order ${i} has shipped and will arrive tomorrow between 9 and 12.`,
    segments: 1,
    encoding: "GSM-7",
    country: "US",
  }));
}

async function timed(side: { client: pg.Client; org: string }): Promise<number> {
  const now = new Date();
  const rows = bulk(side.org, now);
  const t = performance.now();
  await insertMessages(rawTx(side.client), rows, now);
  return performance.now() - t;
}

async function main(): Promise<void> {
  const at = readMigrations().findIndex((m) => m.name === PARTITIONS);
  const before = await prepare("sg_bench_accept_before", at);
  const after = await prepare("sg_bench_accept_after", null);
  try {
    for (let i = 0; i < 5; i++) {
      await timed(before);
      await timed(after);
    }
    const load = os.loadavg()[0]!;
    const ms = { before: [] as number[], after: [] as number[] };
    for (let i = 0; i < rounds; i++) {
      // Alternate which goes first, so neither always follows the other's checkpoint or vacuum.
      if (i % 2 === 0) {
        ms.before.push(await timed(before));
        ms.after.push(await timed(after));
      } else {
        ms.after.push(await timed(after));
        ms.before.push(await timed(before));
      }
    }
    const stats = (v: number[]) => {
      const s = [...v].sort((a, b) => a - b);
      return { p50Ms: Number(percentile(s, 50).toFixed(1)), p90Ms: Number(percentile(s, 90).toFixed(1)) };
    };
    const b = stats(ms.before);
    const a = stats(ms.after);
    console.log(
      JSON.stringify(
        {
          acceptStatement: {
            rounds,
            loadAverage1m: Number(load.toFixed(1)),
            loadAverageEnd: Number(os.loadavg()[0]!.toFixed(1)),
            beforeIssue40: b,
            afterIssue40: a,
            afterOverBefore: Number((a.p50Ms / b.p50Ms).toFixed(3)),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await before.client.end();
    await after.client.end();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
