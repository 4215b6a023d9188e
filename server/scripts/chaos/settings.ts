import { intFromEnv } from "../bench/args";

// chaos.ts's CHAOS_* knobs, the server environment it runs both processes with, and its log.

export const log = (message: string) => console.error(`[chaos] ${message}`);

export interface ChaosSettings {
  /** CHAOS_SECONDS: how long the load runs (the drain comes after). */
  seconds: number;
  /** CHAOS_RATE: requests per second offered, over both processes. */
  rate: number;
  /** CHAOS_KILL_EVERY: seconds between two SIGKILLs (the first comes half a period in). */
  killEverySeconds: number;
  /** CHAOS_FAIL_PERCENT: share of webhook requests the receiver answers 500. */
  failPercent: number;
  /** CHAOS_DRAIN_TIMEOUT: seconds to wait, after the load, for every message and event to finish. */
  drainTimeoutSeconds: number;
  /**
   * CHAOS_OUTAGE_SECONDS: after the kill phase, PostgreSQL is stopped this long under load (0: no
   * outage; also none when with-postgres.mjs did not start the server itself).
   */
  outageSeconds: number;
  /** Messages per POST /sms/bulk. */
  bulkSize: number;
  /**
   * The organization's per-minute cap, set so the load is twice it: the limiter's window is a
   * minute, so over a run shorter than that "twice the cap" means 2 × cap requests in the run.
   */
  capPerMinute: number;
}

export function readSettings(): ChaosSettings {
  const seconds = intFromEnv("CHAOS_SECONDS", 60, 5);
  const rate = intFromEnv("CHAOS_RATE", 6, 1);
  return {
    seconds,
    rate,
    killEverySeconds: intFromEnv("CHAOS_KILL_EVERY", 10, 2),
    failPercent: intFromEnv("CHAOS_FAIL_PERCENT", 20, 0),
    // Crash leases are 60 s (messages, webhook deliveries): the drain must outlast one.
    drainTimeoutSeconds: intFromEnv("CHAOS_DRAIN_TIMEOUT", 150, 10),
    bulkSize: intFromEnv("CHAOS_BULK_SIZE", 100, 3),
    outageSeconds: intFromEnv("CHAOS_OUTAGE_SECONDS", 15, 0),
    capPerMinute: Math.max(1, Math.round((rate * Math.min(seconds, 60)) / 2)),
  };
}

/**
 * A webhook retry schedule of 0.3 s, 1.5 s, 9 s … instead of 1 min, 5 min, 30 min …: the receiver
 * fails one event at most three times in a row, so every event succeeds within about 11 s of
 * retries.
 */
export const RETRY_DELAY_SCALE = "0.005";

/** The environment of every server process of the run (both slots, every restart). */
export function serverEnv(databaseUrl: string, authSecret: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of [
    "TEST_DATABASE_URL",
    "NEXT_DIST_DIR",
    "INNGEST_EVENT_KEY",
    "INNGEST_SIGNING_KEY",
    "INNGEST_DEV",
    "INNGEST_BASE_URL",
  ]) {
    delete env[name];
  }
  return Object.assign(env, {
    NODE_ENV: "production",
    // The same secret everywhere: tokens, and the webhook secret sealed under it, must work on both.
    AUTH_SECRET: authSecret,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    // As in production without Inngest: every process runs jobs, the pipeline and the webhook worker.
    EMBEDDED_JOBS: "on",
    MESSAGE_PIPELINE: "on",
    WEBHOOK_WORKER: "on",
    // The receiver listens on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    SANDBOX_DELIVERY_DELAY_MS: "200",
    JOB_POLL_INTERVAL_MS: "200",
    WEBHOOK_RETRY_DELAY_SCALE: RETRY_DELAY_SCALE,
    // A killed process's retry jobs resume after 60 s, like its claimed messages and deliveries,
    // instead of 5 min.
    JOB_LEASE_MS: "60000",
    NEXT_TELEMETRY_DISABLED: "1",
  });
}
