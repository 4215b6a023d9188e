import { Prisma, type Db, type DbOrTx } from "../../db/client";
import type { Job } from "../../db/generated/client";
import { newId } from "../../ids";
import { nextCronTime } from "../cron";
import { SCHEDULED_EVENT } from "../events";
import type { AnyJobDefinition } from "../types";

/**
 * The jobs table as the embedded runner's durable state. A row is one run of one job; `data`
 * holds the event and the memoized steps, `runAt` the next time it may run, `lockedUntil` the
 * lease of the runner executing it. Every write made while running is fenced by the lease
 * value the runner holds: a runner whose lease expired (and whose job another runner re-claimed)
 * can no longer write.
 */

export type StepRecord =
  { output: Prisma.JsonValue } | { error: { name: string; message: string } } | { until: string };

export interface JobState {
  event: Record<string, unknown>;
  steps: Record<string, StepRecord>;
  output?: Prisma.JsonValue;
}

export type { Job };

export class LeaseLostError extends Error {
  constructor(jobId: string) {
    super(`Lost the lease on job ${jobId}: another runner re-claimed it`);
    this.name = "LeaseLostError";
  }
}

export function readState(job: Job): JobState {
  const raw = (job.data ?? {}) as Partial<JobState>;
  return { event: raw.event ?? {}, steps: raw.steps ?? {}, output: raw.output };
}

const asJson = (state: JobState) => state as unknown as Prisma.InputJsonValue;

export function cronDedupeKey(job: AnyJobDefinition): string {
  return `${job.id}@cron`;
}

/**
 * Insert runs of `jobs` for one event. Works inside the caller's transaction (the job commits or
 * rolls back with the state change). A run whose dedupe key already exists is skipped, not an
 * error (ON CONFLICT DO NOTHING, which does not abort the surrounding transaction).
 */
export async function insertJobs(
  db: DbOrTx,
  jobs: readonly AnyJobDefinition[],
  event: { name: string; data: Record<string, unknown> },
  options: { dedupeKey?: string; runAt?: Date } = {},
): Promise<number> {
  return insertJobsForEvents(db, jobs, [{ ...event, dedupeKey: options.dedupeKey }], options.runAt);
}

/** Runs of `jobs` for many events of one kind in one statement (pipelines start work in batches). */
export async function insertJobsForEvents(
  db: DbOrTx,
  jobs: readonly AnyJobDefinition[],
  events: readonly { name: string; data: Record<string, unknown>; dedupeKey?: string }[],
  runAt: Date = new Date(),
): Promise<number> {
  if (jobs.length === 0 || events.length === 0) return 0;
  const { count } = await db.job.createMany({
    data: events.flatMap((event) =>
      jobs.map((job) => ({
        id: newId("job"),
        functionId: job.id,
        eventName: event.name,
        data: asJson({ event: event.data, steps: {} }),
        runAt,
        maxAttempts: job.retries + 1,
        // Per function, so one event may start several functions and each still dedupes.
        dedupeKey: event.dedupeKey ? `${job.id}:${event.dedupeKey}` : null,
      })),
    ),
    skipDuplicates: true,
  });
  return count;
}

/**
 * Make sure each cron job has its one schedule row (dedupe key `<id>@cron`), due at the next
 * matching time. An existing row keeps its time unless the schedule now fires earlier.
 */
export async function ensureRecurringJobs(db: Db, jobs: readonly AnyJobDefinition[], now: Date): Promise<void> {
  for (const job of jobs) {
    if (!job.cron) continue;
    const next = nextCronTime(job.cron, now);
    const dedupeKey = cronDedupeKey(job);
    await db.job.createMany({
      data: [
        {
          id: newId("job"),
          functionId: job.id,
          eventName: SCHEDULED_EVENT,
          data: asJson({ event: {}, steps: {} }),
          runAt: next,
          maxAttempts: job.retries + 1,
          dedupeKey,
        },
      ],
      skipDuplicates: true,
    });
    await db.job.updateMany({ where: { dedupeKey, status: "pending", runAt: { gt: next } }, data: { runAt: next } });
  }
}

/**
 * Atomically take up to `limit` due jobs of the given functions: pending ones whose time has
 * come, and running ones whose lease expired (their runner died). FOR UPDATE SKIP LOCKED makes
 * concurrent runners on PostgreSQL take disjoint rows; PGlite has one connection, so statements
 * never interleave. Jobs of functions this runner does not know (a newer version wrote them) are
 * left for a runner that does.
 */
export async function claimDueJobs(
  db: Db,
  functionIds: readonly string[],
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<Job[]> {
  if (functionIds.length === 0) return [];
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const claimed = await db.$queryRaw<{ id: string }[]>`
    WITH due AS (
      SELECT "id" FROM "jobs"
      WHERE "function_id" IN (${Prisma.join(functionIds)})
        AND (("status" = 'pending' AND "run_at" <= ${now}::timestamptz)
          OR ("status" = 'running' AND "locked_until" < ${now}::timestamptz))
      ORDER BY "run_at", "id"
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE "jobs" AS j
    SET "status" = 'running', "locked_until" = ${leaseUntil}::timestamptz,
        "attempts" = j."attempts" + 1, "updated_at" = ${now}::timestamptz
    FROM due WHERE j."id" = due."id"
    RETURNING j."id"`;
  if (claimed.length === 0) return [];
  const rows = await db.job.findMany({ where: { id: { in: claimed.map((r) => r.id) } } });
  return rows.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id.localeCompare(b.id));
}

/** A claimed job, and the only way to write it: every update checks and renews the lease. */
export class LeasedJob {
  constructor(
    private readonly db: Db,
    readonly job: Job,
    private lease: Date,
    private readonly leaseMs: number,
  ) {}

  /** The lease this runner holds now (renewed by every progress write). */
  get currentLease(): Date {
    return this.lease;
  }

  private async write(now: Date, data: Prisma.JobUpdateManyMutationInput, keepLease: boolean): Promise<void> {
    const next = keepLease ? new Date(Math.max(now.getTime() + this.leaseMs, this.lease.getTime())) : null;
    const { count } = await this.db.job.updateMany({
      where: { id: this.job.id, status: "running", lockedUntil: this.lease },
      data: { ...data, lockedUntil: next },
    });
    if (count === 0) throw new LeaseLostError(this.job.id);
    if (next) this.lease = next;
  }

  /** Memoize progress while still running (renews the lease). */
  saveProgress(now: Date, state: JobState, attempts: number): Promise<void> {
    return this.write(now, { data: asJson(state), attempts }, true);
  }

  /** Park until `runAt` (a sleep or a retry): back to pending, lease released. */
  reschedule(
    now: Date,
    state: JobState,
    runAt: Date,
    fields: { attempts?: number; lastError?: string | null } = {},
  ): Promise<void> {
    return this.write(now, { data: asJson(state), status: "pending", runAt, ...fields }, false);
  }

  succeed(now: Date, state: JobState): Promise<void> {
    return this.write(now, { data: asJson(state), status: "succeeded", lastError: null }, false);
  }

  fail(now: Date, state: JobState, error: string, attempts?: number): Promise<void> {
    return this.write(now, { data: asJson(state), status: "failed", lastError: error, attempts }, false);
  }
}
