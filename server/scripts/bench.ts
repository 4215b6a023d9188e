// npm run bench [-- --build] [-- --pglite]
//
// Starts the production server (server/serve.mjs, after `next build` when the build is missing or
// older than the sources), seeds an account through the API and loads each route with autocannon,
// reporting requests/s and p50/p99 as ratios to an empty App Router route handler measured in the
// same run: absolute numbers depend on the machine, ratios much less. Speed is only ever judged
// here, never by timed assertions in tests.
//
// Database: TEST_DATABASE_URL (set by server/scripts/with-postgres.mjs, which `npm run bench` goes
// through) becomes the server's DATABASE_URL; without it (or with --pglite) the server runs on
// embedded PGlite in a temporary DATA_DIR. The report says which.
//
// Two phases over the compared routes (empty, health, key-noop, key-limited); in each, every route
// is warmed up for BENCH_WARMUP (2) s, then measured for BENCH_DURATION (16) s in BENCH_ROUNDS (8)
// slices interleaved with the other routes' (A B C, C B A, …; bench/schedule.ts), so that other
// processes on a shared 2-core machine disturb every route alike:
//   1. loaded: BENCH_CONNECTIONS (50) connections, each sending its next request as soon as the
//      previous one answers: requests/s at saturation and latency under that load. The targets
//      are judged here, as the median over rounds of the p50 ratio of slices measured side by side.
//   2. unloaded: the same with BENCH_LIGHT_CONNECTIONS (1): the latency of one request on an idle
//      server, where a database round trip shows in full (informational ratios).
// autocannon's own rate limit sends each second's quota in a burst, so it cannot offer a steady
// open-loop load; these two closed loops bracket it instead. auth/token (argon2: slow by design,
// informational) is measured once, at the end. Beside latency: CPU ms per request of the server
// process and, on PostgreSQL, of the bench database's backends (Linux /proc), much steadier than
// latency on a shared machine.
//
// Exit code: 0 when the report was produced, even if a target is missed (it is a report); 1 when
// the harness failed or a route the targets depend on answered errors (nothing valid to compare).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildIfNeeded } from "./bench/build";
import { cpuMeter } from "./bench/cpu";
import type { Target } from "./bench/measure";
import { check, describeCheck, spread, summarize, table, type TargetResult } from "./bench/report";
import { measureOnce, measurePhase, type Phase } from "./bench/schedule";
import { seed } from "./bench/seed";
import { startServer, type RunningServer } from "./bench/server-process";

const args = new Set(process.argv.slice(2));
if (args.has("--help") || args.has("-h")) {
  console.log(
    "usage: npm run bench [-- --build] [-- --pglite]\n" +
      "  --build   run `next build` even when .next holds an up-to-date build\n" +
      "  --pglite  use embedded PGlite even when TEST_DATABASE_URL is set\n" +
      "env: BENCH_DURATION=16 (measured s per route and phase) BENCH_ROUNDS=8 (slices) BENCH_WARMUP=2\n" +
      "     BENCH_CONNECTIONS=50 (loaded phase) BENCH_LIGHT_CONNECTIONS=1 (unloaded phase)",
  );
  process.exit(0);
}

function intFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  return value;
}

const log = (message: string) => console.error(`[bench] ${message}`);

/** Undo steps for the server and the temporary directory, run once on success, failure or signal. */
const cleanups: (() => Promise<void> | void)[] = [];
let cleaned = false;
/** Set once the server runs, so a failure can show what it printed. */
let runningServer: RunningServer | undefined;
async function cleanup(): Promise<void> {
  if (cleaned) return;
  cleaned = true;
  for (const step of cleanups.reverse()) {
    try {
      await step();
    } catch (err) {
      log(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    log(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(128 + (os.constants.signals[signal] ?? 1)));
  });
}

function gitCommit(): string | undefined {
  const head = spawnSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" });
  if (head.status !== 0) return undefined;
  const dirty = spawnSync("git", ["status", "--porcelain", "--untracked-files=no"], { encoding: "utf8" });
  return `${head.stdout.trim()}${dirty.stdout.trim() ? " (with uncommitted changes)" : ""}`;
}

async function startSeededServer(databaseUrl: string | undefined) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "signalgate-bench-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.TEST_DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    // An empty DATABASE_URL means PGlite (env.ts); set explicitly so a .env file cannot supply one.
    DATABASE_URL: databaseUrl ?? "",
    DATA_DIR: dataDir,
    BENCH_ROUTES: "on",
    LOG_LEVEL: "warn",
    EMBEDDED_JOBS: "off",
    NEXT_TELEMETRY_DISABLED: "1",
  });

  log("starting node server/serve.mjs");
  const startedAt = Date.now();
  const server = await startServer(env);
  cleanups.push(() => server.stop());
  runningServer = server;
  log(`server pid ${server.pid} healthy at ${server.baseUrl} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  const expected = databaseUrl ? "postgres" : "pglite";
  const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { database?: { kind?: string } };
  if (health.database?.kind !== expected) {
    throw new Error(`the server reports database ${health.database?.kind ?? "?"}, expected ${expected}`);
  }
  const account = await seed(server.baseUrl);
  log("seeded an account, an API key and raised the organization's rate limits");
  return { server, account };
}

function printPhase(title: string, results: TargetResult[]): void {
  console.log("");
  console.log(title);
  console.log(
    table(
      results,
      results.find((r) => r.target.name === "empty")!,
    ),
  );
}

async function main(): Promise<number> {
  const connections = intFromEnv("BENCH_CONNECTIONS", 50, 1);
  const durationSeconds = intFromEnv("BENCH_DURATION", 16, 1);
  const rounds = intFromEnv("BENCH_ROUNDS", 8, 1);
  const warmupSeconds = intFromEnv("BENCH_WARMUP", 2, 0);
  const lightConnections = intFromEnv("BENCH_LIGHT_CONNECTIONS", 1, 1);
  // Whole seconds: autocannon stops on its 1-second tick.
  const sliceSeconds = Math.max(1, Math.round(durationSeconds / rounds));

  const databaseUrl = args.has("--pglite") ? undefined : process.env.TEST_DATABASE_URL || undefined;
  const database = databaseUrl ? "postgres" : "pglite";
  const databaseLabel = databaseUrl ? "PostgreSQL (throwaway, via TEST_DATABASE_URL)" : "PGlite (embedded)";
  log(
    `database: ${databaseLabel}` +
      (databaseUrl || args.has("--pglite") ? "" : " — no TEST_DATABASE_URL: run `npm run bench` for PostgreSQL"),
  );

  buildIfNeeded(args.has("--build"), log);
  const loadAtStart = os.loadavg();
  if (loadAtStart[0]! > os.cpus().length) {
    log(`the machine is busy (load average ${loadAtStart[0]!.toFixed(2)} on ${os.cpus().length} CPUs): expect noise`);
  }

  const { server, account } = await startSeededServer(databaseUrl);
  const auth = { authorization: `Bearer ${account.apiKey}` };
  const compared: Target[] = [
    { name: "empty", method: "GET", path: "/api/bench/empty" },
    { name: "health", method: "GET", path: "/api/health" },
    { name: "key-noop", method: "GET", path: "/api/bench/key-noop", headers: auth },
    { name: "key-limited", method: "GET", path: "/api/bench/key-limited", headers: auth },
  ];
  const token: Target = {
    name: "auth-token",
    method: "POST",
    path: "/api/v1/auth/token",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
    informational: true,
  };

  // A request to each before any load: a wrong setup fails in a second, not after minutes.
  for (const t of [...compared, token]) {
    const res = await fetch(`${server.baseUrl}${t.path}`, { method: t.method, headers: t.headers, body: t.body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${t.method} ${t.path} answered ${res.status}: ${text.slice(0, 300)}`);
  }

  const perPhase = compared.length * (warmupSeconds + rounds * sliceSeconds);
  log(
    `${rounds} rounds of ${sliceSeconds} s slices per route, at ${connections} then ${lightConnections} ` +
      `connection(s): about ${Math.ceil((2 * perPhase + warmupSeconds + Math.min(10, durationSeconds)) / 60)} min`,
  );
  const meter = cpuMeter(server.pid, databaseUrl ? new URL(databaseUrl).pathname.slice(1) : undefined);
  const runPhase = async (label: string, phaseConnections: number) => {
    const phase: Phase = { label, connections: phaseConnections, rounds, sliceSeconds, warmupSeconds };
    const measured = await measurePhase(server.baseUrl, compared, phase, meter, log);
    return compared.map((t) => {
      const m = measured.get(t.name)!;
      return summarize(t, m.slices, m.latencies);
    });
  };
  const loaded = await runPhase("loaded", connections);
  const unloaded = await runPhase("unloaded", lightConnections);
  const tokenMeasured = await measureOnce(
    server.baseUrl,
    token,
    { connections, durationSeconds: Math.min(10, durationSeconds) },
    warmupSeconds,
    meter,
    log,
  );
  const tokenResult = summarize(token, tokenMeasured.slices, tokenMeasured.latencies);

  const checksOf = (results: TargetResult[]) => {
    const byName = (name: string) => results.find((r) => r.target.name === name);
    return [
      check("API-key authentication adds ≤ 15 % to the empty route", byName("key-noop"), byName("empty"), 1.15),
      check(
        "the rate limiter adds ≤ 10 % to the key-authenticated route",
        byName("key-limited"),
        byName("key-noop"),
        1.1,
      ),
    ];
  };
  const checks = checksOf(loaded);
  const unloadedChecks = checksOf(unloaded);

  const loadavg = os.loadavg().map((n) => n.toFixed(2));
  console.log("");
  console.log(
    `SignalGate bench — ${databaseLabel}; ${rounds} × ${sliceSeconds} s per route and phase, interleaved; ` +
      `${os.cpus().length} CPUs, load average ${loadavg.join(" ")}`,
  );
  printPhase(`1. Loaded: ${connections} connections, closed loop`, [...loaded, tokenResult]);
  printPhase(`2. Unloaded: ${lightConnections} connection(s), closed loop`, unloaded);
  console.log("");
  console.log(`Targets, judged under load (${connections} connections; ${databaseLabel}):`);
  for (const c of checks) console.log(`  ${describeCheck(c)}`);
  console.log(`The same ratios unloaded (${lightConnections} connection(s); informational):`);
  for (const c of unloadedChecks) console.log(`  ${describeCheck(c, true)}`);
  const drift = spread(loaded[0]!.slices.map((r) => r.requests / r.seconds));
  if (drift > 0.2) {
    console.log(
      `Noisy machine: the empty route's throughput varied by ${(drift * 100).toFixed(0)} % between slices. ` +
        "Latency verdicts may differ between runs; the CPU-per-request ratios are steadier.",
    );
  }
  console.log("");
  console.log("auth/token is informational (measured once, loaded): argon2 makes it slow by design.");

  const serialize = (results: TargetResult[]) =>
    results.map((r) => ({
      name: r.target.name,
      method: r.target.method,
      path: r.target.path,
      valid: r.valid,
      reqPerSec: r.reqPerSec,
      p50Ms: r.p50Ms,
      p99Ms: r.p99Ms,
      p50RatioToBaseline: r.p50Ms / results[0]!.p50Ms,
      reqPerSecRatioToBaseline: r.reqPerSec / results[0]!.reqPerSec,
      serverCpuMsPerReq: r.serverCpuMsPerReq,
      databaseCpuMsPerReq: r.databaseCpuMsPerReq,
      slices: r.slices,
    }));
  const report = {
    generatedAt: new Date().toISOString(),
    commit: gitCommit(),
    database,
    node: process.version,
    cpus: os.cpus().length,
    loadAverageAtStart: loadAtStart,
    loadAverageAtEnd: os.loadavg(),
    method: { connections, lightConnections, durationSeconds, rounds, sliceSeconds, warmupSeconds },
    loaded: serialize(loaded),
    unloaded: serialize(unloaded),
    informational: serialize([tokenResult]),
    checks,
    unloadedChecks,
    baselineThroughputSpread: drift,
  };
  mkdirSync("bench-results", { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  writeFileSync("bench-results/latest.json", json);
  const stamped = `bench-results/${report.generatedAt.replace(/[:.]/g, "-")}-${database}.json`;
  writeFileSync(stamped, json);
  console.log(`Wrote bench-results/latest.json and ${stamped}.`);

  const routine = /^(SignalGate ready on |\[db\] applied migrations: |\[jobs\] background work: off|[✓▲] )/;
  const printed = server
    .outputTail()
    .split("\n")
    .filter((line) => line.trim() && !routine.test(line));
  if (printed.length > 0) log(`the server printed (last lines):\n${printed.slice(-20).join("\n")}`);
  const gated = new Set(["empty", "key-noop", "key-limited"]);
  return [...loaded, ...unloaded].every((r) => r.valid || !gated.has(r.target.name)) ? 0 : 1;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  log(`failed: ${err instanceof Error ? err.message : String(err)}`);
  const tail = runningServer?.outputTail().trim();
  if (tail) log(`the server printed (last lines):\n${tail.split("\n").slice(-30).join("\n")}`);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
