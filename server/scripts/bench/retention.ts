import pg from "pg";
import { openDriver } from "../../db/driver";
import { retentionPolicyOf } from "../../retention/policy";
import { RETENTION_KINDS, runRetention, type RetentionReport } from "../../retention/run-retention";
import { loadEnv } from "../../env";
import { percentile } from "./measure";
import { goal, type GoalCheck } from "./report";
import { databaseBytes, seedExpiredRows, type DatabaseBytes, type SeededExpired } from "./retention-seed";

// Retention under load: seed `rows` expired rows by SQL (bench/retention-seed.ts), measure single
// sends (POST /sms/send, `connections` at a time, each sending again as soon as it is answered)
// for `baselineSeconds` without retention, then while retention deletes the seed (the same
// runRetention as the apply-retention job, default batch size, pacing and periods, in this process
// on its own connection, runs back to back until nothing is left), then once more after it. The
// server under test must run with RETENTION=off, so its own job does not delete the seed first.
// Exported for the growth bench as well.

export interface RetentionBenchOptions {
  baseUrl: string;
  databaseUrl: string;
  /** A sandbox key of an organization whose rate limiting is off; its organization owns the seed. */
  apiKey: string;
  organizationId: string;
  rows: number;
  baselineSeconds: number;
  connections: number;
  log: (message: string) => void;
}

interface Latencies {
  count: number;
  errors: number;
  seconds: number;
  p50Ms: number;
  p99Ms: number;
}

/** Single sends until `until` resolves (or `seconds` pass), `connections` in flight. */
async function sendLoop(
  o: RetentionBenchOptions,
  stop: { seconds: number } | { until: Promise<unknown> },
): Promise<Latencies> {
  const latencies: number[] = [];
  let errors = 0;
  let done = false;
  const started = performance.now();
  if ("until" in stop) void stop.until.finally(() => (done = true));
  else setTimeout(() => (done = true), stop.seconds * 1000);
  const body = JSON.stringify({ to: "+14155550123", body: "retention bench" });
  const headers = { authorization: `Bearer ${o.apiKey}`, "content-type": "application/json" };
  await Promise.all(
    Array.from({ length: o.connections }, async () => {
      while (!done) {
        const t = performance.now();
        const res = await fetch(`${o.baseUrl}/api/v1/sms/send`, { method: "POST", headers, body });
        await res.arrayBuffer();
        if (res.status === 202) latencies.push(performance.now() - t);
        else errors++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    count: latencies.length,
    errors,
    seconds: (performance.now() - started) / 1000,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

export interface RetentionFigures {
  seeded: SeededExpired;
  /** Taken before the seed, after it, once retention finished, and after VACUUM (before the last sends). */
  bytes: {
    beforeSeed: DatabaseBytes;
    afterSeed: DatabaseBytes;
    afterRetention: DatabaseBytes;
    afterVacuum: DatabaseBytes;
  };
  retention: {
    runs: number;
    batches: number;
    seconds: number;
    rowsDeleted: number;
    rowsPerSecond: number;
    /** Rows a second while a batch ran (the pauses left out). */
    rowsPerBusySecond: number;
    batchMs: { p50: number; p99: number; max: number };
    perKind: RetentionReport["rows"];
    related: RetentionReport["related"];
  };
  sends: { baseline: Latencies; duringRetention: Latencies; after: Latencies };
  controlsKept: { sentMessages: number; retryingDeliveries: number };
  checks: GoalCheck[];
}

export async function runRetentionBench(o: RetentionBenchOptions): Promise<RetentionFigures> {
  const client = new pg.Client({ connectionString: o.databaseUrl });
  await client.connect();
  const driver = openDriver({ databaseUrl: o.databaseUrl, dataDir: "unused", poolSize: 1 });
  try {
    const beforeSeed = await databaseBytes(client);
    o.log(`retention: seeding ${o.rows.toLocaleString("en")} expired rows by SQL`);
    const seeded = await seedExpiredRows(client, o.organizationId, o.rows, o.log);
    const afterSeed = await databaseBytes(client);

    o.log(`retention: single sends, ${o.connections} at a time, ${o.baselineSeconds} s without retention`);
    const baseline = await sendLoop(o, { seconds: o.baselineSeconds });

    // Contract §9's defaults (the bench does not read the server's variables).
    const policy = retentionPolicyOf(loadEnv({}));
    const batchTimes: number[] = [];
    let runs = 0;
    let batches = 0;
    let rowsDeleted = 0;
    const perKind = Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0])) as RetentionReport["rows"];
    const related = { ...perKind };
    const started = performance.now();
    const retention = (async () => {
      for (;;) {
        runs++;
        const report = await runRetention(driver, policy, new Date(), {
          onBatch: ({ ms }) => void batchTimes.push(ms),
        });
        batches += report.batches;
        for (const k of Object.keys(perKind) as (keyof typeof perKind)[]) {
          perKind[k] += report.rows[k];
          related[k] += report.related[k];
        }
        if (report.finished) break;
        if (runs % 6 === 0) o.log(`retention: ${runs} runs, ${perKind.messages} messages deleted so far`);
      }
    })();
    o.log("retention: single sends while retention deletes the seed");
    const during = await sendLoop(o, { until: retention });
    await retention;
    const seconds = (performance.now() - started) / 1000;
    rowsDeleted = perKind.messages + perKind.outboxEvents + perKind.webhookDeliveries + perKind.auditLog;
    rowsDeleted += related.messages + related.webhookDeliveries;
    const afterRetention = await databaseBytes(client);
    o.log("retention: VACUUM of the four tables (what autovacuum would do: the space becomes reusable)");
    await client.query("VACUUM messages, outbox_events, webhook_deliveries, webhook_attempts");
    const afterVacuum = await databaseBytes(client);

    o.log(`retention: single sends, ${o.baselineSeconds} s after it`);
    const after = await sendLoop(o, { seconds: o.baselineSeconds });

    const [controls] = (
      await client.query<{ sent: string; retrying: string }>(
        `SELECT (SELECT count(*) FROM messages WHERE organization_id = $1 AND status = 'SENT' AND to_number = '+15005550003')::text AS sent,
                (SELECT count(*) FROM webhook_deliveries WHERE organization_id = $1 AND status = 'RETRYING')::text AS retrying`,
        [o.organizationId],
      )
    ).rows;

    batchTimes.sort((a, b) => a - b);
    const busySeconds = batchTimes.reduce((a, b) => a + b, 0) / 1000;
    const ratio = during.p99Ms / baseline.p99Ms;
    const controlsKept = { sentMessages: Number(controls!.sent), retryingDeliveries: Number(controls!.retrying) };
    const checks = [
      goal(
        "single-send p99 while retention deletes ≤ 2 × without it",
        ratio,
        "≤",
        2,
        "×",
        `p99 ${during.p99Ms.toFixed(1)} ms during (${during.count} sends) against ${baseline.p99Ms.toFixed(1)} ms ` +
          `without (${baseline.count}); ${after.p99Ms.toFixed(1)} ms after`,
      ),
      goal(
        "rows deleted = rows seeded",
        rowsDeleted,
        "≥",
        seeded.rows,
        "rows",
        `${rowsDeleted} deleted of ${seeded.rows} seeded`,
      ),
      goal(
        "non-final messages and retrying deliveries kept",
        controlsKept.sentMessages + controlsKept.retryingDeliveries,
        "≥",
        seeded.controls.sentMessages + seeded.controls.retryingDeliveries,
        "rows",
        `${controlsKept.sentMessages} SENT messages, ${controlsKept.retryingDeliveries} RETRYING deliveries`,
      ),
    ];
    return {
      seeded,
      bytes: { beforeSeed, afterSeed, afterRetention, afterVacuum },
      retention: {
        runs,
        batches,
        seconds,
        rowsDeleted,
        rowsPerSecond: rowsDeleted / seconds,
        rowsPerBusySecond: rowsDeleted / busySeconds,
        batchMs: {
          p50: percentile(batchTimes, 50),
          p99: percentile(batchTimes, 99),
          max: batchTimes[batchTimes.length - 1] ?? 0,
        },
        perKind,
        related,
      },
      sends: { baseline, duringRetention: during, after },
      controlsKept,
      checks,
    };
  } finally {
    await client.end();
    await driver.close();
  }
}
