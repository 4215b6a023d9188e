import type { Db } from "../db/client";
import type { JobEventName, JobEvents } from "./events";

/**
 * What a step's value becomes once stored: steps are memoized as JSON (in Inngest's state or in
 * `jobs.data`), so a Date comes back as a string and `undefined` as null — on the first run too,
 * so a handler behaves the same whether a step ran now or was replayed.
 */
export type Jsonified<T> = T extends Date
  ? string
  : T extends string | number | boolean | null
    ? T
    : T extends undefined | void
      ? null
      : T extends (...args: never[]) => unknown
        ? never
        : T extends readonly (infer U)[]
          ? Jsonified<U>[]
          : T extends object
            ? { [K in keyof T]: Jsonified<Exclude<T[K], undefined>> }
            : unknown;

/**
 * The step tools a job may use: the subset of Inngest's `step` that the embedded runner also
 * implements durably. Handlers are replayed from the top on every execution, exactly as under
 * Inngest: code outside `step.run` runs again each time, so side effects belong inside steps.
 * Step ids must be stable between executions; a repeated id gets a `:1`, `:2`… suffix (as in
 * Inngest), which is fine in loops but better avoided.
 */
export interface JobStep {
  /** Runs `fn` once; later executions get the stored (JSON) result without running it again. */
  run<T>(id: string, fn: () => T | Promise<T>): Promise<Jsonified<Awaited<T>>>;
  /** Durable wait: milliseconds or an `ms` string ("1m", "2h", "24h"). Survives restarts. */
  sleep(id: string, duration: number | string): Promise<void>;
  /** Durable wait until an instant (Date or ISO string). Returns at once when it is already past. */
  sleepUntil(id: string, until: Date | string): Promise<void>;
}

export type EventData<E extends JobEventName | undefined> = E extends JobEventName
  ? JobEvents[E]
  : Record<string, never>;

export interface JobContext<TData> {
  /** The triggering event; cron-started runs get `{ name: "inngest/scheduled.timer", data: {} }`. */
  event: { name: string; data: TData; id?: string };
  step: JobStep;
  db: Db;
  /** The current time (the embedded runner's clock, so tests control it); read it inside a step. */
  now(): Date;
  /** Inngest run id, or the job row id in the embedded runner. */
  runId: string;
  /** 0 on the first attempt of the current step, 1 on its first retry, … */
  attempt: number;
}

/** Inngest accepts 0 to 20 retries per step; the embedded runner allows retries + 1 attempts. */
export type Retries = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

export interface JobDefinition<E extends JobEventName | undefined = JobEventName | undefined, TOutput = unknown> {
  /** Stable function id: Inngest's function id and `jobs.function_id`. Never rename a live one. */
  readonly id: string;
  readonly event?: E;
  /** 5-field cron in UTC ("0 * * * *"). Inngest cron trigger, or a self-rescheduling job row. */
  readonly cron?: string;
  readonly retries: Retries;
  // Method syntax on purpose: definitions with different event types share one registry array.
  handler(ctx: JobContext<EventData<E>>): Promise<TOutput>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- registry of heterogeneous jobs
export type AnyJobDefinition = JobDefinition<any, unknown>;
