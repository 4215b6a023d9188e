import { ensureMigrated, getDb } from "../db/client";
import { getEnv } from "../env";
import { logger } from "../logger";
import { releaseJobs } from "./embedded/release";
import { EmbeddedRunner } from "./embedded/runner";
import { allJobs } from "./functions";
import { installJobRegistry } from "./registry";

export type BackgroundMode = "inngest" | "embedded" | "off";

interface BackgroundState {
  mode: BackgroundMode;
  runner?: EmbeddedRunner;
}

// One per process, kept on globalThis so a dev hot reload never starts a second runner.
const holder = globalThis as typeof globalThis & { __signalgateBackground?: BackgroundState };

/**
 * Start background work for this process (once, from instrumentation.ts `register()`). With
 * Inngest configured, Inngest calls /api/inngest and nothing runs here. Otherwise, unless
 * EMBEDDED_JOBS=off, the embedded runner polls the jobs table. Shutdown is the caller's: call
 * stopBackgroundWork() before closing the database.
 */
export async function startBackgroundWork(): Promise<BackgroundMode> {
  if (holder.__signalgateBackground) return holder.__signalgateBackground.mode;
  // Every mode: an instance without a runner (EMBEDDED_JOBS=off) still writes the job rows that
  // another instance's runner claims.
  installJobRegistry(() => allJobs);
  const env = getEnv();
  const mode: BackgroundMode = env.inngestEnabled ? "inngest" : env.EMBEDDED_JOBS === "on" ? "embedded" : "off";
  const state: BackgroundState = { mode };
  holder.__signalgateBackground = state;
  if (mode === "embedded") {
    try {
      await ensureMigrated();
      state.runner = new EmbeddedRunner({
        db: getDb(),
        jobs: allJobs,
        pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
        leaseMs: env.JOB_LEASE_MS,
      });
      await state.runner.start();
    } catch (err) {
      holder.__signalgateBackground = undefined;
      throw err;
    }
  }
  logger.info("background jobs", { mode, jobs: allJobs.map((job) => job.id) });
  return mode;
}

/**
 * Stop the embedded runner, waiting up to `timeoutMs` for runs in progress; a run still going
 * then is released (another process re-runs it at once). Idempotent; does not close the database.
 */
export async function stopBackgroundWork(timeoutMs = 5_000): Promise<void> {
  const state = holder.__signalgateBackground;
  holder.__signalgateBackground = undefined;
  if (!state?.runner) return;
  await state.runner.stop(timeoutMs);
  // Runs still going: another process takes them now rather than when their lease expires.
  const released = await releaseJobs(getDb(), state.runner.heldJobs());
  if (released > 0) logger.info("jobs released at shutdown", { released });
}
