import { inSpan } from "../../tracing/spans";
import { NonRetriableError } from "inngest";
import type { Db } from "../../db/client";
import { logger } from "../../logger";
import { nextCronTime } from "../cron";
import { toJson } from "../json";
import type { AnyJobDefinition } from "../types";
import { EmbeddedStepTools, errorMessage } from "./step-tools";
import {
  claimDueJobs,
  cronDedupeKey,
  ensureRecurringJobs,
  LeaseLostError,
  LeasedJob,
  readState,
  type Job,
  type JobState,
} from "./store";

export interface RunnerOptions {
  db: Db;
  jobs: readonly AnyJobDefinition[];
  /** The clock. Tests pass a fixed one instead of sleeping. */
  now?: () => Date;
  pollIntervalMs?: number;
  /** How long a claimed job is reserved; a runner that dies holding it loses it after this. */
  leaseMs?: number;
  /** Jobs claimed and run concurrently per poll. */
  batchSize?: number;
  /** Delay before retry n (1-based) after a failed attempt. */
  backoffMs?: (attempt: number) => number;
  log?: Log;
}

type Log = Pick<typeof logger, "info" | "warn" | "error">;

export type JobOutcome = "succeeded" | "failed" | "sleeping" | "retrying" | "rescheduled" | "lease-lost";

export interface RunSummary {
  claimed: number;
  outcomes: { jobId: string; functionId: string; outcome: JobOutcome }[];
}

/** 10 s, 20 s, 40 s … capped at one hour. */
export function defaultBackoffMs(attempt: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 60 * 60 * 1000);
}

/**
 * Runs the app's jobs inside the app process when no Inngest server is configured. All state is
 * in the jobs table, so a runner can be stopped at any point and a new one (after a restart)
 * carries on: finished steps are not redone, a sleeping job wakes at its time, a job whose
 * runner died is re-claimed when its lease expires. Several runners (processes) may share one
 * PostgreSQL database.
 */
export class EmbeddedRunner {
  private readonly db: Db;
  private readonly jobs: Map<string, AnyJobDefinition>;
  private readonly now: () => Date;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly log: Log;
  private timer?: NodeJS.Timeout;
  private running = false;
  private current?: Promise<RunSummary>;
  /** Runs in progress: what a shutdown that stopped waiting for them releases. */
  private readonly active = new Set<LeasedJob>();

  constructor(options: RunnerOptions) {
    this.db = options.db;
    this.jobs = new Map(options.jobs.map((job) => [job.id, job]));
    this.now = options.now ?? (() => new Date());
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 5 * 60 * 1000;
    this.batchSize = options.batchSize ?? 10;
    this.backoffMs = options.backoffMs ?? defaultBackoffMs;
    this.log = options.log ?? logger;
  }

  /** Create the schedule rows of cron jobs (idempotent; start() does it). */
  ensureSchedules(): Promise<void> {
    return ensureRecurringJobs(this.db, [...this.jobs.values()], this.now());
  }

  /** Claim and run everything due now, once. Resolves when those runs have stopped. */
  async runDueJobsOnce(): Promise<RunSummary> {
    const claimed = await claimDueJobs(this.db, [...this.jobs.keys()], this.now(), this.leaseMs, this.batchSize);
    const outcomes = await Promise.all(
      claimed.map(async (job) => ({
        jobId: job.id,
        functionId: job.functionId,
        outcome: await inSpan("job run", { "signalgate.job": job.functionId, "signalgate.job_id": job.id }, () =>
          this.execute(job),
        ),
      })),
    );
    return { claimed: claimed.length, outcomes };
  }

  /** Poll until stop(). A full batch polls again at once; errors are logged, never thrown. */
  async start(): Promise<void> {
    if (this.running) return;
    await this.ensureSchedules();
    this.running = true;
    const tick = async () => {
      if (!this.running) return;
      let full = false;
      try {
        this.current = this.runDueJobsOnce();
        full = (await this.current).claimed >= this.batchSize;
      } catch (err) {
        this.log.error("job poll failed", { error: errorMessage(err) });
      } finally {
        this.current = undefined;
      }
      if (this.running) this.timer = setTimeout(() => void tick(), full ? 0 : this.pollIntervalMs);
    };
    this.timer = setTimeout(() => void tick(), 0);
  }

  /**
   * Stop polling and wait (up to `timeoutMs`) for runs in progress. A run still going after that
   * keeps its lease and is re-claimed after it expires, so nothing is lost either way.
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    const current = this.current;
    if (!current) return;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      current.catch(() => {}),
      new Promise<void>((resolve) => (timeout = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timeout);
  }

  /** Jobs this runner is executing, with their current leases (after stop(): the ones it gave up on). */
  heldJobs(): { id: string; lease: Date }[] {
    return [...this.active].map((leased) => ({ id: leased.job.id, lease: leased.currentLease }));
  }

  private async execute(job: Job): Promise<JobOutcome> {
    const leased = new LeasedJob(this.db, job, job.lockedUntil!, this.leaseMs);
    const state = readState(job);
    this.active.add(leased);
    try {
      return await this.executeLeased(leased, state);
    } catch (err) {
      if (err instanceof LeaseLostError) {
        this.log.warn("job lease lost", { jobId: job.id, functionId: job.functionId });
        return "lease-lost";
      }
      // A database error while recording the outcome: the lease expires and the job is retried.
      this.log.error("job outcome not recorded", {
        jobId: job.id,
        functionId: job.functionId,
        error: errorMessage(err),
      });
      return "lease-lost";
    } finally {
      this.active.delete(leased);
    }
  }

  private async executeLeased(leased: LeasedJob, state: JobState): Promise<JobOutcome> {
    const { job } = leased;
    const definition = this.jobs.get(job.functionId);
    if (!definition) return this.finish(leased, state, `No job named "${job.functionId}" is registered`);
    if (job.attempts > job.maxAttempts) {
      // Only reachable when earlier runs died holding the lease (a crash, or a step outliving it).
      return this.finish(
        leased,
        state,
        job.lastError ?? `Gave up after ${job.maxAttempts} attempts that did not finish`,
      );
    }

    let attempts = job.attempts;
    const tools = new EmbeddedStepTools(state, {
      now: this.now,
      attempts: () => attempts,
      maxAttempts: job.maxAttempts,
      save: async (s) => {
        // A finished step starts the next step's attempt budget with this execution.
        attempts = 1;
        await leased.saveProgress(this.now(), s, attempts);
      },
    });

    type Result = { kind: "done"; output: unknown } | { kind: "threw"; error: unknown } | { kind: "interrupted" };
    const result: Result = await Promise.race([
      // Through a promise, so a handler that throws synchronously is an ordinary failure.
      Promise.resolve()
        .then(() =>
          definition.handler({
            event: { name: job.eventName, data: state.event as never, id: job.id },
            step: tools,
            db: this.db,
            now: this.now,
            runId: job.id,
            attempt: job.attempts - 1,
          }),
        )
        .then(
          (output): Result => ({ kind: "done", output }),
          (error: unknown): Result => ({ kind: "threw", error }),
        ),
      tools.interrupted.then((): Result => ({ kind: "interrupted" })),
    ]);

    const interrupt = await tools.settle();
    const now = this.now();
    if (interrupt?.kind === "sleep") {
      await leased.reschedule(now, state, interrupt.until, { attempts: 0 });
      return "sleeping";
    }
    if (interrupt?.kind === "retry" || result.kind === "threw") {
      const error = interrupt?.kind === "retry" ? interrupt.error : (result as { error: unknown }).error;
      const retryAt = interrupt?.kind === "retry" ? interrupt.retryAt : undefined;
      if (error instanceof LeaseLostError) throw error;
      const final = error instanceof NonRetriableError || tools.finalErrors.has(error) || attempts >= job.maxAttempts;
      if (final) return this.finish(leased, state, errorMessage(error), tools.finalErrors.get(error) ?? attempts);
      const runAt = retryAt ?? new Date(now.getTime() + this.backoffMs(attempts));
      await leased.reschedule(now, state, runAt, { attempts, lastError: errorMessage(error) });
      this.log.warn("job attempt failed, will retry", {
        jobId: job.id,
        functionId: job.functionId,
        attempt: attempts,
        retryAt: runAt.toISOString(),
        error: errorMessage(error),
      });
      return "retrying";
    }
    state.output = result.kind === "done" ? toJson(result.output) : null;
    return this.finish(leased, state);
  }

  /** Success (no error) or permanent failure; a cron job's row is re-armed for its next time. */
  private async finish(leased: LeasedJob, state: JobState, error?: string, attempts?: number): Promise<JobOutcome> {
    const { job } = leased;
    const now = this.now();
    if (error) this.log.error("job failed", { jobId: job.id, functionId: job.functionId, error });
    const definition = this.jobs.get(job.functionId);
    if (definition?.cron && job.dedupeKey === cronDedupeKey(definition)) {
      await leased.reschedule(now, { event: {}, steps: {} }, nextCronTime(definition.cron, now), {
        attempts: 0,
        lastError: error ?? null,
      });
      return "rescheduled";
    }
    if (error) {
      await leased.fail(now, state, error, attempts);
      return "failed";
    }
    await leased.succeed(now, state);
    return "succeeded";
  }
}

/**
 * One poll with a fixed clock: for tests and scripts. Each call is a fresh runner, so two calls
 * behave like two processes (or one process before and after a restart).
 */
export function runDueJobsOnce(
  db: Db,
  now: Date = new Date(),
  options: Omit<Partial<RunnerOptions>, "db" | "now"> & { jobs: readonly AnyJobDefinition[] },
): Promise<RunSummary> {
  return new EmbeddedRunner({ ...options, db, now: () => now }).runDueJobsOnce();
}
