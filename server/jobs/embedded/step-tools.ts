import { durationToMs, NonRetriableError, RetryAfterError, StepError } from "inngest";
import type { Prisma } from "../../db/client";
import { toJson } from "../json";
import type { JobStep, Jsonified } from "../types";
import type { JobState } from "./store";

/**
 * Why an execution stopped before the handler returned. The handler never sees these: the step
 * that causes one returns a promise that never settles (as Inngest's do), so a try/catch in a
 * handler cannot swallow a sleep or a retry.
 */
export type Interrupt = { kind: "sleep"; until: Date } | { kind: "retry"; error: unknown; retryAt?: Date };

const never = <T>() => new Promise<T>(() => {});

export function errorMessage(err: unknown): string {
  if (err instanceof Error) return `${err.name}: ${err.message}`;
  return String(err);
}

function retryAfterDate(err: unknown, now: Date): Date | undefined {
  if (!(err instanceof RetryAfterError)) return undefined;
  const asNumber = Number(err.retryAfter);
  if (Number.isFinite(asNumber)) return new Date(now.getTime() + asNumber);
  const date = new Date(err.retryAfter);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/**
 * The embedded runner's `step`: memoizes `run` results in the job's state (persisted before the
 * handler continues), turns a sleep into an interrupt that parks the job, and turns a failing step
 * into a retry of the whole execution until the step's attempts are used up, after which the
 * handler gets a StepError it may catch (as under Inngest).
 */
export class EmbeddedStepTools implements JobStep {
  private readonly seen = new Map<string, number>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private interrupt?: Interrupt;
  private signal!: (interrupt: Interrupt) => void;
  private saving: Promise<void> = Promise.resolve();
  /** Resolves when the execution must stop early. */
  readonly interrupted = new Promise<Interrupt>((resolve) => (this.signal = resolve));
  /** Errors handed to the handler after a step ran out of attempts, with the attempts it took. */
  readonly finalErrors = new Map<unknown, number>();

  constructor(
    private readonly state: JobState,
    private readonly opts: {
      now: () => Date;
      /** Attempts of the current step including this execution, and the limit. */
      attempts: () => number;
      maxAttempts: number;
      /** Persist the state; called once per finished step, serialized. */
      save: (state: JobState) => Promise<void>;
    },
  ) {}

  private key(id: string): string {
    const n = this.seen.get(id) ?? 0;
    this.seen.set(id, n + 1);
    return n === 0 ? id : `${id}:${n}`;
  }

  private stop(interrupt: Interrupt): void {
    if (interrupt.kind === "sleep" && this.interrupt?.kind === "sleep") {
      // Parallel sleeps: wake for the earliest; the others are recorded and wait again.
      if (interrupt.until < this.interrupt.until) this.interrupt = interrupt;
      return;
    }
    if (this.interrupt) return;
    this.interrupt = interrupt;
    this.signal(interrupt);
  }

  get stopped(): boolean {
    return this.interrupt !== undefined;
  }

  /** The interrupt to act on, once steps already running have finished and been saved. */
  async settle(): Promise<Interrupt | undefined> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
    await this.saving;
    return this.interrupt;
  }

  private save(): Promise<void> {
    this.saving = this.saving.then(() => this.opts.save(this.state));
    return this.saving;
  }

  run<T>(id: string, fn: () => T | Promise<T>): Promise<Jsonified<Awaited<T>>> {
    const key = this.key(id);
    const record = this.state.steps[key];
    if (record && "output" in record) return Promise.resolve(record.output as Jsonified<Awaited<T>>);
    if (record && "error" in record) return Promise.reject(this.stepError(key, record.error, this.opts.maxAttempts));
    if (this.stopped) return never();
    // settle() waits for the work (running fn and saving), not for what the handler awaits,
    // which never settles when the step interrupts the execution.
    const work = this.execute(key, fn);
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
    return work.then((outcome) => {
      if (outcome.kind === "output") return outcome.output as Jsonified<Awaited<T>>;
      if (outcome.kind === "error") throw outcome.error;
      return never();
    });
  }

  private stepError(key: string, error: { name: string; message: string }, attempts: number): StepError {
    const err = new StepError(key, error);
    this.finalErrors.set(err, attempts);
    return err;
  }

  private async execute(
    key: string,
    fn: () => unknown,
  ): Promise<
    { kind: "output"; output: Prisma.JsonValue } | { kind: "error"; error: unknown } | { kind: "interrupted" }
  > {
    let output: Prisma.JsonValue;
    try {
      output = toJson(await fn());
    } catch (err) {
      const exhausted = err instanceof NonRetriableError || this.opts.attempts() >= this.opts.maxAttempts;
      if (!exhausted) {
        this.stop({ kind: "retry", error: err, retryAt: retryAfterDate(err, this.opts.now()) });
        return { kind: "interrupted" };
      }
      const error =
        err instanceof Error ? { name: err.name, message: err.message } : { name: "Error", message: String(err) };
      this.state.steps[key] = { error };
      return this.saved({ kind: "error", error: this.stepError(key, error, this.opts.attempts()) });
    }
    this.state.steps[key] = { output };
    return this.saved({ kind: "output", output });
  }

  /** `outcome` once the state is saved; a failed save (lost lease) reaches the handler instead. */
  private async saved<O>(outcome: O): Promise<O | { kind: "error"; error: unknown }> {
    try {
      await this.save();
      return outcome;
    } catch (error) {
      return { kind: "error", error };
    }
  }

  sleep(id: string, duration: number | string): Promise<void> {
    const ms = durationToMs(duration, { name: `sleep "${id}"` });
    return this.wait(this.key(id), () => new Date(this.opts.now().getTime() + ms));
  }

  sleepUntil(id: string, until: Date | string): Promise<void> {
    const at = new Date(until);
    if (Number.isNaN(at.getTime())) throw new Error(`sleepUntil "${id}": invalid date ${String(until)}`);
    return this.wait(this.key(id), () => at);
  }

  private wait(key: string, wakeTime: () => Date): Promise<void> {
    const record = this.state.steps[key];
    if (record && !("until" in record)) throw new Error(`Step id "${key}" was used by another kind of step`);
    // The wake time is fixed the first time the sleep is reached, then replayed from the state.
    const until = record ? new Date(record.until) : wakeTime();
    if (until.getTime() <= this.opts.now().getTime()) return Promise.resolve();
    if (this.stopped && this.interrupt?.kind !== "sleep") return never();
    this.state.steps[key] = { until: until.toISOString() };
    this.stop({ kind: "sleep", until });
    return never();
  }
}
