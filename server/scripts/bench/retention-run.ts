import os from "node:os";
import { intFromEnv, log } from "./args";
import { reportServerOutput } from "./lifecycle";
import { reportPartOnly } from "./part-report";
import { describeGoal } from "./report";
import { runRetentionBench, type RetentionFigures } from "./retention";
import type { Seed } from "./seed";
import type { RunningServer } from "./server-process";

// `--only retention`: bench/retention.ts with its BENCH_RETENTION_* knobs, printed and reported.

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function printRetention(f: RetentionFigures): void {
  const r = f.retention;
  console.log("");
  console.log(
    `Retention: ${f.seeded.rows.toLocaleString("en")} expired rows (${f.seeded.messages.toLocaleString("en")} messages, ` +
      `3 outbox events, 1 webhook delivery and 1 attempt each), deleted by runRetention (batches of 2,000, ` +
      `pausing as long as each batch took) while single sends run:`,
  );
  for (const c of f.checks) console.log(`  ${describeGoal(c)}`);
  const s = f.sends;
  const line = (name: string, l: typeof s.baseline) =>
    `  (info)   sends ${name}: ${l.count} in ${l.seconds.toFixed(1)} s, p50 ${l.p50Ms.toFixed(1)} ms, p99 ${l.p99Ms.toFixed(1)} ms, ${l.errors} errors`;
  console.log(line("without retention", s.baseline));
  console.log(line("during retention", s.duringRetention));
  console.log(line("after retention", s.after));
  console.log(
    `  (info)   deleted ${r.rowsDeleted.toLocaleString("en")} rows in ${r.seconds.toFixed(1)} s over ${r.runs} run(s) ` +
      `of ${r.batches} batches: ${Math.round(r.rowsPerSecond).toLocaleString("en")} rows/s overall, ` +
      `${Math.round(r.rowsPerBusySecond).toLocaleString("en")} rows/s while a batch ran; batch p50 ${r.batchMs.p50.toFixed(0)} ms, ` +
      `p99 ${r.batchMs.p99.toFixed(0)} ms, max ${r.batchMs.max.toFixed(0)} ms`,
  );
  console.log(`  (info)   per kind: ${JSON.stringify(r.perKind)}, with them: ${JSON.stringify(r.related)}`);
  const b = f.bytes;
  console.log(
    `  (info)   database bytes: ${mb(b.beforeSeed.database)} before the seed, ${mb(b.afterSeed.database)} after it, ` +
      `${mb(b.afterRetention.database)} after retention, ${mb(b.afterVacuum.database)} after VACUUM ` +
      `(VACUUM makes the space reusable by new rows; files shrink only by their empty tail)`,
  );
  for (const [name, bytes] of Object.entries(b.afterSeed.tables)) {
    const free = b.afterVacuum.reusable?.[name];
    console.log(
      `  (info)     ${name}: ${mb(bytes)} seeded → ${mb(b.afterVacuum.tables[name] ?? 0)} after retention and VACUUM` +
        (free === undefined ? "" : `, of which ${mb(free)} free for new rows`),
    );
  }
}

/** `--only retention`: the retention figures alone, reported beside latest.json. */
export async function retentionOnly(server: RunningServer, account: Seed, databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const figures = await runRetentionBench({
    baseUrl: server.baseUrl,
    databaseUrl,
    apiKey: account.sms.apiKey,
    organizationId: account.sms.organizationId,
    rows: intFromEnv("BENCH_RETENTION_ROWS", 1_000_000, 6),
    baselineSeconds: intFromEnv("BENCH_RETENTION_SECONDS", 20, 1),
    connections: intFromEnv("BENCH_RETENTION_CONNECTIONS", 2, 1),
    log,
  });
  reportPartOnly("retention", "retention", loadAtStart, () => printRetention(figures), figures);
  reportServerOutput(server);
  return figures.checks.every((c) => c.verdict !== "INVALID") ? 0 : 1;
}
