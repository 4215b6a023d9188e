// npm run bench [-- --build] [-- --pglite] [-- --only webhooks]
//
// Starts the production server (server/serve.mjs, after `next build` when the build is missing or
// older than the sources; both use their own build directory, .next-bench, so the browser tests'
// .next is never touched), seeds an account through the API and loads each route with autocannon,
// reporting requests/s and p50/p99 as ratios to an empty App Router route handler measured in the
// same run: absolute numbers depend on the machine, ratios much less. Speed is only ever judged
// here, never by timed assertions in tests.
//
// Database: TEST_DATABASE_URL (set by server/scripts/with-postgres.mjs, which `npm run bench` goes
// through) becomes the server's DATABASE_URL; without it (or with --pglite) the server runs on
// embedded PGlite in a temporary DATA_DIR. The report says which.
//
// Two phases over the compared routes (empty, health, key-noop, key-limited and, on PostgreSQL,
// sms-send and sms-bulk with a sandbox key of a second organization whose rate limiting is off);
// in each, every route is warmed up for BENCH_WARMUP (2) s, then measured for BENCH_DURATION (16) s
// in BENCH_ROUNDS (8) slices interleaved with the other routes' (A B C, C B A, …;
// bench/schedule.ts), so that other processes on a shared 2-core machine disturb every route alike:
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
// SMS (PostgreSQL only: the messages table is read directly, not through the server under test):
//   - sms-send at the phase's connections; sms-bulk (1,000 messages a request) at most
//     BENCH_BULK_CONNECTIONS (4: on 2 cores, enough requests in flight that Node and PostgreSQL are
//     both kept busy, where 2 leaves one idle at times; p50 stays far below its 500 ms bound).
//     After each of their slices the bench waits, unmeasured, until the in-process pipeline has
//     taken every message to its final status, so no backlog spills into the next route's slice
//     (the pipeline's work during the slice itself is part of the cost, the rest is reported apart).
//   - pipeline: BENCH_PIPELINE_REQUESTS (10) bulk requests of 1,000 over BENCH_BULK_CONNECTIONS
//     connections on an idle server; the time from the first request until every message is final,
//     polled with a COUNT on the messages table by batch_id.
// The server runs as in production without Inngest: embedded job runner, in-process pipeline, and
// MESSAGE_POLL_INTERVAL_MS / SANDBOX_DELIVERY_DELAY_MS as set in the environment or their defaults.
//
// Webhooks (PostgreSQL only; last, once the SMS work has drained; bench/webhooks.ts): the server's
// own webhook worker (WEBHOOK_POLL_INTERVAL_MS as set or its default; WEBHOOK_ALLOW_PRIVATE_URLS
// on, for the receiver on 127.0.0.1) delivering to a receiver in this process through one webhook
// of the seeded organization subscribed to "*", created with the owner's JWT:
//   - deliveries/s: BENCH_WEBHOOK_EVENTS (5,000) outbox events committed in one INSERT … SELECT,
//     then until the receiver has seen every event id: N ÷ that time, median of BENCH_WEBHOOK_RUNS
//     (3) runs with fresh events;
//   - commit → first attempt: per event, its arrival at the receiver minus its commit, under those
//     bursts (queueing included, informational) and at a low rate, BENCH_WEBHOOK_LOW_RATE_EVENTS
//     (50) events committed one at a time every BENCH_WEBHOOK_LOW_RATE_GAP (20) ms, where the
//     target is judged;
//   - duplicates: every event id must arrive exactly once.
// `--only webhooks` runs just this part (after the build, the server and the seed): a quick
// check while working on the worker; its report is written beside latest.json, not over it.
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
import {
  check,
  describeCheck,
  describeGoal,
  goal,
  median,
  P99,
  pairedRatio,
  REQ_PER_SEC,
  scaled,
  spread,
  summarize,
  table,
  type GoalCheck,
  type TargetResult,
} from "./bench/report";
import { measureOnce, measurePhase, type Phase } from "./bench/schedule";
import { seed, type Seed } from "./bench/seed";
import { startServer, type RunningServer } from "./bench/server-process";
import { BULK_SIZE, MessageCounter, runPipeline, smsTargets, type Drain, type PipelineResult } from "./bench/sms";
import { runWebhookBench, webhookChecks, webhookInfo } from "./bench/webhooks";

const argv = process.argv.slice(2);
const args = new Set(argv);
/** The parts `--only` can pick (`--only webhooks` or `--only=webhooks`). */
const PARTS = ["webhooks"] as const;
type Part = (typeof PARTS)[number];
function onlyPart(): Part | undefined {
  const i = argv.findIndex((a) => a === "--only" || a.startsWith("--only="));
  if (i < 0) return undefined;
  const value = argv[i]!.startsWith("--only=") ? argv[i]!.slice("--only=".length) : argv[i + 1];
  if (!PARTS.includes(value as Part)) {
    console.error(`[bench] --only takes one of: ${PARTS.join(", ")} (got ${value ?? "nothing"})`);
    process.exit(2);
  }
  return value as Part;
}
const only = onlyPart();
if (args.has("--help") || args.has("-h")) {
  console.log(
    "usage: npm run bench [-- --build] [-- --pglite] [-- --only webhooks]\n" +
      "  --build   run `next build` even when .next-bench holds an up-to-date build\n" +
      "  --pglite  use embedded PGlite even when TEST_DATABASE_URL is set (no SMS or webhook figures)\n" +
      "  --only webhooks  only the webhook figures (PostgreSQL); report in bench-results/, not latest.json\n" +
      "env: BENCH_DURATION=16 (measured s per route and phase) BENCH_ROUNDS=8 (slices) BENCH_WARMUP=2\n" +
      "     BENCH_CONNECTIONS=50 (loaded phase) BENCH_LIGHT_CONNECTIONS=1 (unloaded phase)\n" +
      "     BENCH_BULK_CONNECTIONS=4 (sms-bulk and the pipeline run) BENCH_PIPELINE_REQUESTS=10 (of 1,000)\n" +
      "     BENCH_PIPELINE_TIMEOUT=120 (s) BENCH_DRAIN_TIMEOUT=300 (s, the wait after each SMS slice)\n" +
      "     BENCH_WEBHOOK_EVENTS=5000 (per burst) BENCH_WEBHOOK_RUNS=3 BENCH_WEBHOOK_LOW_RATE_EVENTS=50\n" +
      "     BENCH_WEBHOOK_LOW_RATE_GAP=20 (ms) BENCH_WEBHOOK_TIMEOUT=120 (s, per wait)",
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
    // As in production without Inngest: the embedded job runner and this process's message pipeline.
    EMBEDDED_JOBS: "on",
    MESSAGE_PIPELINE: "on",
    // The webhook figures deliver to a receiver on 127.0.0.1 (bench/webhooks.ts).
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_WORKER: "on",
    NEXT_TELEMETRY_DISABLED: "1",
  });
  for (const name of ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "INNGEST_BASE_URL"]) delete env[name];

  log("starting node server/serve.mjs");
  const startedAt = Date.now();
  const server = await startServer(env, undefined, [CLIENT_ABORTED]);
  cleanups.push(() => server.stop());
  runningServer = server;
  log(`server pid ${server.pid} healthy at ${server.baseUrl} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  const expected = databaseUrl ? "postgres" : "pglite";
  const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { database?: { kind?: string } };
  if (health.database?.kind !== expected) {
    throw new Error(`the server reports database ${health.database?.kind ?? "?"}, expected ${expected}`);
  }
  const account = await seed(server.baseUrl);
  log(
    "seeded an account, an API key and raised the organization's rate limits; " +
      "a second organization (rate limiting off) with a sandbox key for the SMS routes",
  );
  return { server, account };
}

/**
 * What the server logs when a client goes away while its request body is being read: autocannon
 * does that to the requests in flight when it ends a slice, so these are expected (POST routes).
 */
const CLIENT_ABORTED = /"unhandled error".*Error: aborted/;

function printPhase(title: string, results: TargetResult[], connections: number): void {
  console.log("");
  console.log(title);
  console.log(
    table(
      results,
      results.find((r) => r.target.name === "empty")!,
      connections,
    ),
  );
}

/** The SMS targets of one phase: sms-send against the empty route, sms-bulk against sms-send. */
function smsChecksOf(results: TargetResult[], bulkConnections: number): GoalCheck[] {
  const byName = (name: string) => results.find((r) => r.target.name === name);
  const empty = byName("empty");
  const send = byName("sms-send");
  const bulk = byName("sms-bulk");
  const invalid = "a measurement had errors, no ratio";
  const ratioGoal = (name: string, ratio: ReturnType<typeof pairedRatio>, op: "≥" | "≤", limit: number) =>
    goal(name, ratio?.ratio ?? null, op, limit, "", ratio?.detail ?? invalid);
  const bulkP50s = bulk?.slices.map((s) => s.p50Ms) ?? [];
  const bulkRequests = bulk?.slices.reduce((n, s) => n + s.requests, 0) ?? 0;
  return [
    ratioGoal("POST /sms/send req/s ÷ empty req/s", pairedRatio(send, REQ_PER_SEC, empty, REQ_PER_SEC), "≥", 0.75),
    ratioGoal("POST /sms/send p99 ÷ empty p99", pairedRatio(send, P99, empty, P99), "≤", 2),
    ratioGoal(
      `POST /sms/bulk messages/s (${bulkConnections} conn.) ÷ POST /sms/send req/s`,
      pairedRatio(bulk, scaled(REQ_PER_SEC, BULK_SIZE), send, REQ_PER_SEC),
      "≥",
      50,
    ),
    goal(
      `POST /sms/bulk p50 (${bulkConnections} conn.)`,
      bulk?.valid ? bulk.p50Ms : null,
      "≤",
      500,
      " ms",
      bulk?.valid
        ? `pooled over ${bulkRequests} requests; slice p50s ${Math.min(...bulkP50s).toFixed(0)}–` +
            `${Math.max(...bulkP50s).toFixed(0)} ms, median ${median(bulkP50s).toFixed(0)} ms; ` +
            `p99 ${bulk.p99Ms.toFixed(0)} ms`
        : invalid,
    ),
  ];
}

function pipelineCheck(p: PipelineResult): GoalCheck {
  const s = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(2)} s`);
  const ms = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(0)} ms`);
  const requests = [...p.requestMs].sort((a, b) => a - b);
  const samples = Object.entries(p.sampledStatuses)
    .map(([status, n]) => `${status} × ${n}`)
    .join(", ");
  const detail =
    `${p.requests} × POST /sms/bulk of ${BULK_SIZE} over ${p.connections} connections, all answered after ` +
    `${s(p.acceptedSeconds)} (request p50 ${ms(median(requests))}, max ${ms(requests.at(-1) ?? null)}); ` +
    `all SENT after ${s(p.allSentSeconds)}; last status written at ${s(p.lastFinalAtSeconds)} ` +
    `(last SENT at ${s(p.lastSentAtSeconds)}); per message sentAt − createdAt p50 ${ms(p.sentP50Ms)} ` +
    `p99 ${ms(p.sentP99Ms)}, deliveredAt − createdAt p50 ${ms(p.deliveredP50Ms)} p99 ${ms(p.deliveredP99Ms)}; ` +
    `${p.delivered} DELIVERED, ${p.notDelivered} not; polled every ${p.pollIntervalMs} ms; ` +
    `API status of each batch's last message: ${samples}`;
  const name = `pipeline: ${p.messages} sandbox messages, first request → all DELIVERED`;
  if (p.timedOut || p.notDelivered > 0) {
    return { ...goal(name, p.allFinalSeconds, "≤", 30, " s", detail), verdict: "FAIL" };
  }
  return goal(name, p.allFinalSeconds, "≤", 30, " s", detail);
}

function summarizeDrains(drains: Drain[]) {
  return ["sms-send", "sms-bulk"].map((target) => {
    const mine = drains.filter((d) => d.target === target);
    const messages = mine.reduce((n, d) => n + d.backlog, 0);
    const seconds = mine.reduce((n, d) => n + d.seconds, 0);
    return { target, drains: mine.length, messages, seconds, maxSeconds: Math.max(0, ...mine.map((d) => d.seconds)) };
  });
}

/** The webhook figures (bench/webhooks.ts) on the running server, with their knobs. */
async function benchWebhooks(server: RunningServer, account: Seed, databaseUrl: string) {
  const settings = {
    events: intFromEnv("BENCH_WEBHOOK_EVENTS", 5000, 1),
    runs: intFromEnv("BENCH_WEBHOOK_RUNS", 3, 1),
    lowRateEvents: intFromEnv("BENCH_WEBHOOK_LOW_RATE_EVENTS", 50, 1),
    lowRateGapMs: intFromEnv("BENCH_WEBHOOK_LOW_RATE_GAP", 20, 0),
    timeoutMs: intFromEnv("BENCH_WEBHOOK_TIMEOUT", 120, 1) * 1000,
    pollIntervalMs: Number(process.env.WEBHOOK_POLL_INTERVAL_MS || 200),
  };
  log(
    `webhooks: ${settings.runs} × ${settings.events} outbox events in one commit each, then ` +
      `${settings.lowRateEvents} one at a time every ${settings.lowRateGapMs} ms`,
  );
  const result = await runWebhookBench({
    ...settings,
    baseUrl: server.baseUrl,
    databaseUrl,
    email: account.email,
    password: account.password,
    organizationId: account.organizationId,
    meter: cpuMeter(server.pid, new URL(databaseUrl).pathname.slice(1)),
    log,
  });
  return { settings, result, checks: webhookChecks(result), info: webhookInfo(result) };
}

type WebhookFigures = Awaited<ReturnType<typeof benchWebhooks>>;

function printWebhooks(w: WebhookFigures): void {
  console.log("");
  console.log(
    `Webhooks: one server process's worker (poll ${w.settings.pollIntervalMs} ms) → a receiver in the bench ` +
      `process on 127.0.0.1 answering 200 at once; one webhook subscribed to "*":`,
  );
  for (const c of w.checks) console.log(`  ${describeGoal(c)}`);
  for (const line of w.info) console.log(`  (info)   ${line}`);
}

function writeReport(
  report: { generatedAt: string; [key: string]: unknown },
  database: string,
  latest: boolean,
  suffix = "",
): void {
  mkdirSync("bench-results", { recursive: true });
  const json = `${JSON.stringify(report, null, 2)}\n`;
  if (latest) writeFileSync("bench-results/latest.json", json);
  const stamped = `bench-results/${report.generatedAt.replace(/[:.]/g, "-")}-${database}${suffix}.json`;
  writeFileSync(stamped, json);
  console.log(latest ? `Wrote bench-results/latest.json and ${stamped}.` : `Wrote ${stamped}.`);
}

/** What the server printed beyond the routine lines (and the expected aborted-request errors). */
function reportServerOutput(server: RunningServer): void {
  const routine =
    /^(SignalGate ready on |\[db\] applied migrations: |\[jobs\] background work: |\[messages\] pipeline: on|\[webhooks\] worker: |\[serve\] SIG|[✓▲] )/;
  const printed = server
    .outputTail()
    .split("\n")
    .filter((line) => line.trim() && !routine.test(line) && !CLIENT_ABORTED.test(line));
  const aborted = server.counted(CLIENT_ABORTED);
  if (aborted > 0) {
    log(
      `the server logged ${aborted} "unhandled error" lines with "Error: aborted": requests in flight when a ` +
        "slice ended, whose client went away while their body was being read (not counted in the figures)",
    );
  }
  if (printed.length > 0) log(`the server printed (last lines):\n${printed.slice(-20).join("\n")}`);
}

/** `--only webhooks`: the webhook figures alone, reported beside latest.json. */
async function webhooksOnly(server: RunningServer, account: Seed, databaseUrl: string): Promise<number> {
  const loadAtStart = os.loadavg();
  const w = await benchWebhooks(server, account, databaseUrl);
  console.log("");
  console.log(
    `SignalGate bench, webhooks only — PostgreSQL (throwaway, via TEST_DATABASE_URL); ${os.cpus().length} CPUs, ` +
      `load average ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")}`,
  );
  printWebhooks(w);
  writeReport(
    {
      generatedAt: new Date().toISOString(),
      only: "webhooks",
      commit: gitCommit(),
      database: "postgres",
      node: process.version,
      cpus: os.cpus().length,
      loadAverageAtStart: loadAtStart,
      loadAverageAtEnd: os.loadavg(),
      webhooks: w,
    },
    "postgres",
    false,
    "-webhooks",
  );
  reportServerOutput(server);
  return 0;
}

async function main(): Promise<number> {
  const connections = intFromEnv("BENCH_CONNECTIONS", 50, 1);
  const durationSeconds = intFromEnv("BENCH_DURATION", 16, 1);
  const rounds = intFromEnv("BENCH_ROUNDS", 8, 1);
  const warmupSeconds = intFromEnv("BENCH_WARMUP", 2, 0);
  const lightConnections = intFromEnv("BENCH_LIGHT_CONNECTIONS", 1, 1);
  const bulkConnections = intFromEnv("BENCH_BULK_CONNECTIONS", 4, 1);
  const pipelineRequests = intFromEnv("BENCH_PIPELINE_REQUESTS", 10, 1);
  const pipelineTimeoutMs = intFromEnv("BENCH_PIPELINE_TIMEOUT", 120, 1) * 1000;
  const drainTimeoutMs = intFromEnv("BENCH_DRAIN_TIMEOUT", 300, 1) * 1000;
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
  if (only === "webhooks") {
    if (!databaseUrl) throw new Error("--only webhooks needs PostgreSQL (run `npm run bench -- --only webhooks`)");
    return webhooksOnly(server, account, databaseUrl);
  }
  const auth = { authorization: `Bearer ${account.apiKey}` };
  const compared: Target[] = [
    { name: "empty", method: "GET", path: "/api/bench/empty" },
    { name: "health", method: "GET", path: "/api/health" },
    { name: "key-noop", method: "GET", path: "/api/bench/key-noop", headers: auth },
    { name: "key-limited", method: "GET", path: "/api/bench/key-limited", headers: auth },
  ];

  // The SMS routes need the messages table read directly (drains, pipeline): PostgreSQL only.
  const counter = databaseUrl ? new MessageCounter(databaseUrl) : undefined;
  if (counter) cleanups.push(() => counter.close());
  const drains: Drain[] = [];
  const smsOrganization = account.sms.organizationId;
  const settle = async (target: string) => {
    const drained = await counter!.drain(smsOrganization, drainTimeoutMs);
    drains.push({ target, ...drained });
    if (drained.backlog > 0) {
      log(`  settled ${target}: ${drained.backlog} pending messages final after ${drained.seconds.toFixed(1)} s`);
    }
  };
  if (counter) compared.push(...smsTargets(account.sms.apiKey, bulkConnections, settle));
  else log("SMS routes and the message pipeline: skipped (they need PostgreSQL: run `npm run bench`)");
  const pipelineSettings = {
    pollIntervalMs: Number(process.env.MESSAGE_POLL_INTERVAL_MS || 250),
    sandboxDelayMs: Number(process.env.SANDBOX_DELIVERY_DELAY_MS || 1000),
  };
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
    if (t.name === "sms-bulk") {
      const bulk = JSON.parse(text) as { accepted?: number; rejected?: number };
      if (bulk.accepted !== BULK_SIZE || bulk.rejected !== 0) {
        throw new Error(
          `POST /api/v1/sms/bulk accepted ${bulk.accepted} and rejected ${bulk.rejected} of ${BULK_SIZE}`,
        );
      }
    }
    if (t.name === "sms-send") {
      const { messageId } = JSON.parse(text) as { messageId: string };
      const status = await fetch(`${server.baseUrl}/api/v1/sms/${messageId}/status`, { headers: t.headers });
      if (!status.ok) throw new Error(`GET /api/v1/sms/:id/status answered ${status.status}: ${await status.text()}`);
    }
  }
  if (counter) await settle("preflight");

  const perPhase = compared.length * (warmupSeconds + rounds * sliceSeconds);
  log(
    `${rounds} rounds of ${sliceSeconds} s slices per route, at ${connections} then ${lightConnections} ` +
      `connection(s): about ${Math.ceil((2 * perPhase + warmupSeconds + Math.min(10, durationSeconds)) / 60)} min` +
      (counter ? ", plus the waits for the message pipeline and the pipeline run" : ""),
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

  let pipeline: PipelineResult | undefined;
  if (counter) {
    await settle("pipeline");
    log(`pipeline: ${pipelineRequests} × POST /sms/bulk of ${BULK_SIZE} over ${bulkConnections} connection(s)`);
    pipeline = await runPipeline({
      baseUrl: server.baseUrl,
      apiKey: account.sms.apiKey,
      requests: pipelineRequests,
      connections: bulkConnections,
      timeoutMs: pipelineTimeoutMs,
      pollIntervalMs: 100,
      counter,
      log,
    });
  }

  // Last, on an idle server: the SMS work above must have drained (its outbox events relayed too).
  let webhooks: WebhookFigures | undefined;
  if (counter) {
    await settle("webhooks");
    webhooks = await benchWebhooks(server, account, databaseUrl!);
  } else log("webhooks: skipped (they need PostgreSQL: run `npm run bench`)");

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
  const smsChecks = counter ? smsChecksOf(loaded, bulkConnections) : [];
  const unloadedSmsChecks = counter ? smsChecksOf(unloaded, Math.min(bulkConnections, lightConnections)) : [];
  const pipelineChecks = pipeline ? [pipelineCheck(pipeline)] : [];
  const drainSummary = summarizeDrains(drains);

  const loadavg = os.loadavg().map((n) => n.toFixed(2));
  console.log("");
  console.log(
    `SignalGate bench — ${databaseLabel}; ${rounds} × ${sliceSeconds} s per route and phase, interleaved; ` +
      `${os.cpus().length} CPUs, load average ${loadavg.join(" ")}`,
  );
  printPhase(`1. Loaded: ${connections} connections, closed loop`, [...loaded, tokenResult], connections);
  printPhase(`2. Unloaded: ${lightConnections} connection(s), closed loop`, unloaded, lightConnections);
  console.log("");
  console.log(`Targets, judged under load (${connections} connections; ${databaseLabel}):`);
  for (const c of checks) console.log(`  ${describeCheck(c)}`);
  for (const c of smsChecks) console.log(`  ${describeGoal(c)}`);
  for (const c of pipelineChecks) console.log(`  ${describeGoal(c)}`);
  console.log(`The same ratios unloaded (${lightConnections} connection(s); informational):`);
  for (const c of unloadedChecks) console.log(`  ${describeCheck(c, true)}`);
  for (const c of unloadedSmsChecks) console.log(`  ${describeGoal(c, true)}`);
  if (counter) {
    const bulk = loaded.find((r) => r.target.name === "sms-bulk");
    const send = loaded.find((r) => r.target.name === "sms-send");
    console.log("");
    console.log(
      `SMS: sandbox key (sg_test_), organization rate limiting off. POST /sms/send at ${connections} connections: ` +
        `${send?.reqPerSec.toFixed(0)} req/s; POST /sms/bulk of ${BULK_SIZE} at ${bulkConnections} connections: ` +
        `${bulk?.reqPerSec.toFixed(1)} req/s = ${((bulk?.reqPerSec ?? 0) * BULK_SIZE).toFixed(0)} messages/s.`,
    );
    console.log(
      `Pipeline: in-process, poll ${pipelineSettings.pollIntervalMs} ms, sandbox delivery delay ` +
        `${pipelineSettings.sandboxDelayMs} ms (included in deliveredAt − createdAt and in the pipeline time).`,
    );
    for (const d of drainSummary) {
      if (d.drains === 0) continue;
      console.log(
        `After the ${d.drains} ${d.target} slices (unmeasured): ${d.messages} messages left QUEUED or SENT, final ` +
          `after ${d.seconds.toFixed(1)} s in all (longest ${d.maxSeconds.toFixed(1)} s; ` +
          `${(d.messages / Math.max(d.seconds, 0.001)).toFixed(0)} messages/s, each wait including the sandbox delay).`,
      );
    }
  }
  if (webhooks) printWebhooks(webhooks);
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
      maxConnections: r.target.maxConnections,
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
    method: {
      connections,
      lightConnections,
      bulkConnections,
      durationSeconds,
      rounds,
      sliceSeconds,
      warmupSeconds,
      pipelineRequests,
    },
    loaded: serialize(loaded),
    unloaded: serialize(unloaded),
    informational: serialize([tokenResult]),
    checks,
    unloadedChecks,
    sms: counter
      ? {
          bulkConnections,
          bulkSize: BULK_SIZE,
          pipelineSettings,
          checks: [...smsChecks, ...pipelineChecks],
          unloadedChecks: unloadedSmsChecks,
          pipeline,
          drains: drainSummary,
        }
      : null,
    webhooks: webhooks ?? null,
    baselineThroughputSpread: drift,
  };
  writeReport(report, database, true);
  reportServerOutput(server);
  const gated = new Set(["empty", "key-noop", "key-limited", "sms-send", "sms-bulk"]);
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
