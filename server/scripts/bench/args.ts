// bench.ts's command line (--build, --pglite, --only, --help), its BENCH_* settings and its log.

export const log = (message: string) => console.error(`[bench] ${message}`);

/** The parts `--only` can pick (`--only webhooks` or `--only=webhooks`). */
export const PARTS = [
  "webhooks",
  "smpp",
  "retention",
  "billing",
  "growth",
  "contacts",
  "scheduled",
  "events",
  "trust",
  "campaigns",
  "links",
  "observability",
  "imports",
  "shutdown",
  "live-delivery",
] as const;
export type Part = (typeof PARTS)[number];

export interface Options {
  /** --build: run `next build` even when .next-bench is up to date. */
  build: boolean;
  /** --pglite: embedded PGlite even when TEST_DATABASE_URL is set. */
  pglite: boolean;
  only: Part | undefined;
}

function onlyPart(argv: string[]): Part | undefined {
  const i = argv.findIndex((a) => a === "--only" || a.startsWith("--only="));
  if (i < 0) return undefined;
  const value = argv[i]!.startsWith("--only=") ? argv[i]!.slice("--only=".length) : argv[i + 1];
  if (!PARTS.includes(value as Part)) {
    console.error(`[bench] --only takes one of: ${PARTS.join(", ")} (got ${value ?? "nothing"})`);
    process.exit(2);
  }
  return value as Part;
}

/** Reads the options; exits with 2 on a bad --only, with 0 after printing the usage for --help. */
export function parseArgs(argv: string[]): Options {
  const args = new Set(argv);
  const only = onlyPart(argv);
  if (args.has("--help") || args.has("-h")) {
    console.log(
      "usage: npm run bench [-- --build] [-- --pglite] [-- --only webhooks|smpp|retention|billing|growth|contacts|trust|links|imports|shutdown|live-delivery]\n" +
        "  --build   run `next build` even when .next-bench holds an up-to-date build\n" +
        "  --pglite  use embedded PGlite even when TEST_DATABASE_URL is set (no SMS, webhook or SMPP figures)\n" +
        "  --only webhooks  only the webhook figures (PostgreSQL); report in bench-results/, not latest.json\n" +
        "  --only smpp      only the SMPP figures (PostgreSQL); report in bench-results/, not latest.json\n" +
        "  --only retention only the retention figures (PostgreSQL); report in bench-results/, not latest.json\n" +
        "  --only billing   only the spend-control figures (PostgreSQL); report in bench-results/, not latest.json\n" +
        "  --only growth    every list at 10,000 and at 5,000,000 messages (PostgreSQL); report in bench-results/\n" +
        "  --only contacts  only the contacts import, opt-out and SMPP inbound figures (PostgreSQL); report in\n" +
        "                   bench-results/, not latest.json\n" +
        "  --only scheduled scheduled-send acceptance, lateness and a 1,000,000 burst (PostgreSQL); report in\n" +
        "                   bench-results/, not latest.json\n" +
        "  --only events    only the events stream figures (PostgreSQL); report in bench-results/, not latest.json\n" +
        "  --only trust     OTP send with the fraud guard on ÷ off, webhook deliveries/s with both signatures ÷ seed\n" +
        "                   alone (PostgreSQL); report in bench-results/\n" +
        "  --only imports   /api/health/live p99 during a 20,000-row, 100-column contacts import (PGlite with\n" +
        "                   --pglite, the issue's setting, else PostgreSQL); report in bench-results/\n" +
        "  --only shutdown  20 rounds of 150 sends with SIGTERM to npm start's group 60 ms in, under CPU load: no\n" +
        "                   reset, every 202 final after the restart (PGlite with --pglite); report in bench-results/\n" +
        "env: BENCH_DURATION=16 (measured s per route and phase) BENCH_ROUNDS=8 (slices) BENCH_WARMUP=2\n" +
        "     BENCH_CONNECTIONS=50 (loaded phase) BENCH_LIGHT_CONNECTIONS=1 (unloaded phase)\n" +
        "     BENCH_BULK_CONNECTIONS=4 (sms-bulk and the pipeline run) BENCH_PIPELINE_REQUESTS=10 (of 1,000)\n" +
        "     BENCH_PIPELINE_TIMEOUT=120 (s) BENCH_DRAIN_TIMEOUT=300 (s, the wait after each SMS slice)\n" +
        "     BENCH_WEBHOOK_EVENTS=5000 (per burst) BENCH_WEBHOOK_RUNS=3 BENCH_WEBHOOK_LOW_RATE_EVENTS=50\n" +
        "     BENCH_WEBHOOK_LOW_RATE_GAP=20 (ms) BENCH_WEBHOOK_TIMEOUT=120 (s, per wait)\n" +
        "     BENCH_SMPP_MESSAGES=10000 BENCH_SMPP_WINDOW=20 (the server's SMPP_WINDOW_SIZE)\n" +
        "     BENCH_SMPP_LATENCY_MESSAGES=200 BENCH_SMPP_LATENCY_GAP=20 (ms) BENCH_SMPP_TIMEOUT=120 (s, per wait)\n" +
        "     BENCH_RETENTION_ROWS=1000000 (expired rows seeded) BENCH_RETENTION_SECONDS=20 (sends without retention)\n" +
        "     BENCH_RETENTION_CONNECTIONS=2 (single sends in flight)\n" +
        "     BENCH_BILLING_ROUNDS=6 BENCH_BILLING_SLICE=2 (s) BENCH_BILLING_SEND_CONNECTIONS=10\n" +
        "     BENCH_GROWTH_MESSAGES=5000000 (the large size) BENCH_GROWTH_SMALL=10000 (the small size)\n" +
        "     BENCH_GROWTH_SAMPLES=40 (per probe and size) BENCH_GROWTH_RETENTION=on (off: no bytes after retention)\n" +
        "     BENCH_CONTACTS_IMPORT_ROWS=100000 BENCH_CONTACTS_OPT_OUTS=100000 BENCH_CONTACTS_ROUNDS=8\n" +
        "     BENCH_CONTACTS_SLICE=2 (s) BENCH_CONTACTS_MO=10000 (deliver_sm) BENCH_CONTACTS_MO_WINDOW=50\n" +
        "     BENCH_CONTACTS_TIMEOUT=300 (s, the import's wait)\n" +
        "     BENCH_SCHEDULED_MESSAGES=1000000 (the burst) BENCH_SCHEDULED_STEADY_SECONDS=40 BENCH_SCHEDULED_PER_SECOND=1000\n" +
        "     BENCH_SCHEDULED_ROUNDS=4 BENCH_SCHEDULED_SLICE=2 (s) BENCH_SCHEDULED_SEND_CONNECTIONS=2\n" +
        "     BENCH_SCHEDULED_TIMEOUT=600 (s, per wait)\n" +
        "     BENCH_EVENTS_RATE=1000 (/s) BENCH_EVENTS_SECONDS=10 BENCH_EVENTS_IDLE=500 BENCH_EVENTS_STREAMS=1000\n" +
        "     BENCH_EVENTS_ROUNDS=6 BENCH_EVENTS_SLICE=2 (s) BENCH_EVENTS_SEND_CONNECTIONS=10\n" +
        "     BENCH_TRUST_ROUNDS=6 BENCH_TRUST_OTP_SENDS=150 (per level and round) BENCH_TRUST_WEBHOOK_EVENTS=2000\n" +
        "     BENCH_IMPORT_ROWS=20000 BENCH_IMPORT_TIMEOUT=600 (s) BENCH_SHUTDOWN_ROUNDS=20",
    );
    process.exit(0);
  }
  return { build: args.has("--build"), pglite: args.has("--pglite"), only };
}

export function intFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min} (got "${raw}")`);
  return value;
}

/** The BENCH_* knobs of the phases and the SMS work (the webhook ones are read in bench/webhook-run.ts). */
export interface Settings {
  connections: number;
  durationSeconds: number;
  rounds: number;
  warmupSeconds: number;
  lightConnections: number;
  bulkConnections: number;
  pipelineRequests: number;
  pipelineTimeoutMs: number;
  drainTimeoutMs: number;
  sliceSeconds: number;
}

/** Throws on a malformed value. */
export function readSettings(): Settings {
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
  return {
    connections,
    durationSeconds,
    rounds,
    warmupSeconds,
    lightConnections,
    bulkConnections,
    pipelineRequests,
    pipelineTimeoutMs,
    drainTimeoutMs,
    sliceSeconds,
  };
}
