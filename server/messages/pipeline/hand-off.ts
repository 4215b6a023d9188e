import { startHandOffSpans } from "../../tracing/spans";
import { carrierFor } from "../../carriers/registry";
import type { Carrier, SubmitResult } from "../../carriers/types";
import { isolateBatch } from "../../isolation/isolate-batch";
import { reasonOf } from "../../isolation/item-failure";
import { logger } from "../../logger";
import { metrics } from "../../metrics/registry";
import {
  applyTransitionsIsolated,
  failSetAsideMessages,
  INTERNAL_ERROR_CODE,
  messageItem,
  type HeldMessage,
} from "../set-aside-messages";
import type { Transition } from "../transitions";
import { getEnv } from "../../env";
import {
  claimPacedMessages,
  claimQueuedMessages,
  releaseForRetry,
  type ClaimedMessage,
  type RetryRelease,
} from "./claim";
import { holdClaimed, takeForHandOff } from "./release";

/** A message refused as retryable this many times fails for good (`carrier_unavailable`). */
export const MAX_HANDOFF_ATTEMPTS = 10;

/** 5 s, 10 s, 20 s … capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempt - 1), 10 * 60_000);
}

export interface HandOffOptions {
  now?: () => Date;
  limit?: number;
  leaseMs?: number;
  /** Only this organization's messages (tests on a shared database); all by default. */
  organizationId?: string;
  /** Which carrier takes an environment's messages (the configured ones by default). */
  carriers?: (environment: "live" | "test") => Carrier | null;
  /**
   * Live messages are handed over at their senders' slots, up to SENDER_PACING_HORIZON_MS ahead.
   * Given this, the round does not wait for them: it hands over the promise of their outcomes
   * (the worker claims the next slots meanwhile, so pacing never pauses between rounds). Without
   * it the round ends when every outcome is recorded.
   */
  onPaced?: (outcomes: Promise<void>) => void;
  /** How long to wait for a slot (tests count instead of sleeping). */
  sleep?: (ms: number) => Promise<void>;
}

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Slots are served in ticks this long (a timer per tick, not per message). */
export const SLOT_TICK_MS = 5;

/**
 * One hand-off round: claim due sandbox messages and the live messages whose senders' slots come
 * up (contract §15), give each batch to its carrier (live ones at their slot's time), and record
 * the outcomes (SENT, FAILED, or back in the queue), a statement for the transitions and one for
 * the releases per batch. Returns how many messages were claimed, so the worker knows whether to
 * go again at once.
 */
export async function handOffQueued(options: HandOffOptions = {}): Promise<number> {
  const now = options.now ?? (() => new Date());
  const limit = options.limit ?? 500;
  const leaseMs = options.leaseMs ?? 60_000;
  const organizationId = options.organizationId ?? null;
  const sandbox = await claimQueuedMessages(now(), limit, leaseMs, organizationId);
  const env = getEnv();
  const claimedAt = now();
  const live =
    env.SENDER_PACING === "off"
      ? await claimQueuedMessages(claimedAt, limit, leaseMs, organizationId, true)
      : await claimPacedMessages({
          now: claimedAt,
          // Well past the next poll, so the next round claims before this one's slots run out even
          // when it starts late (a slot not taken in time is lost: slots are never saved up).
          horizon: new Date(
            claimedAt.getTime() + Math.max(env.SENDER_PACING_HORIZON_MS, env.MESSAGE_POLL_INTERVAL_MS + 250),
          ),
          leaseMs,
          senders: limit,
          perSender: limit,
          organizationId,
        });
  holdClaimed(sandbox);
  holdClaimed(live);
  if (sandbox.length > 0) await handOver(sandbox, options, now);
  if (live.length > 0) {
    const outcomes = handOverAtSlots(live, options, now);
    if (options.onPaced) options.onPaced(outcomes);
    else await outcomes;
  }
  return sandbox.length + live.length;
}

/** Each tick's messages go to the carrier at the tick's time, all ticks side by side. */
async function handOverAtSlots(live: readonly ClaimedMessage[], options: HandOffOptions, now: () => Date) {
  const ticks = new Map<number, ClaimedMessage[]>();
  for (const m of live) {
    const tick = Math.ceil((m.slotAt?.getTime() ?? 0) / SLOT_TICK_MS) * SLOT_TICK_MS;
    const group = ticks.get(tick);
    if (group) group.push(m);
    else ticks.set(tick, [m]);
  }
  const wait = options.sleep ?? sleepMs;
  const outcomes = new OutcomeBatch(now);
  await Promise.all(
    [...ticks].map(async ([tick, batch]) => {
      const delay = tick - now().getTime();
      if (delay > 0) await wait(delay);
      outcomes.add(await submitBatch(batch, options, now));
    }),
  );
  await outcomes.flush();
}

/** Outcomes of one paced round are recorded together at most every this often. */
export const RECORD_EVERY_MS = 50;

/**
 * A busy sender's ticks come 5 ms apart: a statement per tick would cost more than the sends. The
 * outcomes are gathered and recorded at most every RECORD_EVERY_MS (and at the end of the round),
 * one flush after another, so a message the carrier took waits at most that long for its SENT.
 */
class OutcomeBatch {
  private transitions: Transition[] = [];
  private retries: RetryRelease[] = [];
  private lastFlush = performance.now();
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly now: () => Date) {}

  add(outcome: Outcomes): void {
    this.transitions.push(...outcome.transitions);
    this.retries.push(...outcome.retries);
    if (performance.now() - this.lastFlush >= RECORD_EVERY_MS) {
      this.flush().catch((err: unknown) =>
        logger.error("recording paced outcomes failed; their leases decide", { error: (err as Error).message }),
      );
    }
  }

  /** Record what was gathered, after the flushes before it (each on its own: one failing stops no other). */
  flush(): Promise<void> {
    this.lastFlush = performance.now();
    const transitions = this.transitions.splice(0);
    const retries = this.retries.splice(0);
    if (transitions.length + retries.length > 0) {
      this.flushing = this.flushing.catch(() => {}).then(() => recordOutcomes(transitions, retries, this.now()));
    }
    return this.flushing;
  }
}

interface Outcomes {
  transitions: Transition[];
  retries: RetryRelease[];
}

/** Give claimed messages to their environment's carrier and record what it answered. */
async function handOver(claimed: readonly ClaimedMessage[], options: HandOffOptions, now: () => Date): Promise<void> {
  const { transitions, retries } = await submitBatch(claimed, options, now);
  await recordOutcomes(transitions, retries, now());
}

/** Give claimed messages to their environment's carrier: what each answer makes of its message. */
async function submitBatch(
  claimed: readonly ClaimedMessage[],
  options: HandOffOptions,
  now: () => Date,
): Promise<Outcomes> {
  const byEnvironment = new Map<"live" | "test", ClaimedMessage[]>();
  for (const m of claimed) {
    const group = byEnvironment.get(m.environment);
    if (group) group.push(m);
    else byEnvironment.set(m.environment, [m]);
  }
  const transitions: Transition[] = [];
  const retries: RetryRelease[] = [];
  for (const [environment, claimedBatch] of byEnvironment) {
    // Released at shutdown while an earlier batch was with its carrier: another instance sends them.
    const batch = takeForHandOff(claimedBatch);
    if (batch.length === 0) continue;
    const carrier = (options.carriers ?? carrierFor)(environment);
    const endSpans = startHandOffSpans(
      batch.map((m) => m.id),
      carrier?.name ?? "none",
    );
    const results = carrier
      ? await submitIsolated(carrier, batch)
      : batch.map((m) => retryResult(m.id, "No SMS provider is configured for this environment."));
    countSubmits(carrier?.name ?? "none", results);
    endSpans(new Map(results.map((r) => [r.messageId, r.outcome])));
    const byId = new Map(results.map((r) => [r.messageId, r]));
    for (const message of batch) {
      const result = byId.get(message.id) ?? retryResult(message.id, "The carrier gave no answer for this message.");
      outcomeOf(message, result, carrier?.name, now(), transitions, retries);
    }
  }
  return { transitions, retries };
}

const PIPELINE = "message-pipeline";
const pipelineItem = messageItem(PIPELINE);

/**
 * Records a round's outcomes, one statement for the transitions and one for the releases. Should
 * one of them fail on a message's own fault, it is taken apart (server/isolation/): every other
 * outcome is recorded, and the messages that fail on their own are set aside, FAILED with
 * `internal_error` (one the carrier has taken is never left to be sent again when its lease expires).
 */
async function recordOutcomes(transitions: Transition[], retries: RetryRelease[], at: Date): Promise<void> {
  await applyTransitionsIsolated(PIPELINE, transitions, at);
  await isolateBatch<RetryRelease & HeldMessage>({
    items: retries.map((r) => ({ ...r, from: "QUEUED" })),
    describe: pipelineItem,
    work: (part) => releaseForRetry(part, at),
    setAside: (failed) => failSetAsideMessages(failed, at),
  });
}

function retryResult(messageId: string, errorMessage: string): SubmitResult {
  return { messageId, outcome: "retry", errorMessage };
}

/**
 * Hands a batch to its carrier. A carrier must not throw for one bad message (types.ts), but one
 * that does must not hold up the others: the batch is taken apart (server/isolation/), every other
 * message is handed over, and the one that throws on its own is refused with `internal_error`. When
 * every part throws, the carrier could not take the batch at all: it stays queued, as before.
 */
async function submitIsolated(carrier: Carrier, batch: readonly ClaimedMessage[]): Promise<SubmitResult[]> {
  const results: SubmitResult[] = [];
  const started = performance.now();
  try {
    // A paced tick often holds one message: a throw then says no more than that the carrier could
    // not take it (the interface's meaning of a throw), so it is retried, and fails for good only
    // after MAX_HANDOFF_ATTEMPTS; taking a batch apart is what tells one message's own fault.
    if (batch.length === 1) {
      results.push(...(await carrier.submit(batch)));
      return results;
    }
    const failed = await isolateBatch({
      items: batch,
      describe: (m) => pipelineItem({ id: m.id, organizationId: m.organizationId, from: "QUEUED" }),
      work: async (part) => void results.push(...(await carrier.submit(part))),
      // Refused below, recorded with the round's other outcomes.
      setAside: async () => {},
    });
    for (const { item, failure } of failed) {
      results.push({
        messageId: item.id,
        outcome: "rejected",
        errorCode: INTERNAL_ERROR_CODE,
        errorMessage: reasonOf(failure, "An internal error stopped this message"),
      });
    }
  } catch (err) {
    logger.warn("carrier submit failed; the batch stays queued", {
      carrier: carrier.name,
      messages: batch.length,
      error: (err as Error).message,
    });
    const answered = new Set(results.map((r) => r.messageId));
    for (const m of batch) if (!answered.has(m.id)) results.push(retryResult(m.id, (err as Error).message));
  } finally {
    metrics().carrierSubmitDuration.observe({ provider: carrier.name }, (performance.now() - started) / 1000);
  }
  return results;
}

function countSubmits(carrierName: string, results: readonly SubmitResult[]): void {
  const counts = new Map<string, number>();
  for (const r of results) {
    const key = `${r.provider ?? carrierName}\u0000${r.outcome}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  for (const [key, n] of counts) {
    const [provider = carrierName, result = "retry"] = key.split("\u0000");
    metrics().carrierSubmits.inc({ provider, result }, n);
  }
}

function outcomeOf(
  message: ClaimedMessage,
  result: SubmitResult,
  provider: string | undefined,
  now: Date,
  transitions: Transition[],
  retries: RetryRelease[],
): void {
  const answeredBy = result.provider ?? provider;
  const base = {
    organizationId: message.organizationId,
    messageId: message.id,
    from: "QUEUED" as const,
    lease: message.lease,
    provider: answeredBy,
  };
  if (result.outcome === "accepted") {
    transitions.push({ ...base, to: "SENT", providerMessageId: result.providerMessageId });
  } else if (result.outcome === "rejected") {
    transitions.push({ ...base, to: "FAILED", errorCode: result.errorCode, errorMessage: result.errorMessage });
  } else if (message.attempt >= MAX_HANDOFF_ATTEMPTS && !result.throttled) {
    transitions.push({
      ...base,
      to: "FAILED",
      errorCode: "carrier_unavailable",
      errorMessage: `No carrier took the message after ${message.attempt} attempts: ${result.errorMessage}`,
    });
  } else {
    const delay = result.retryAfterMs ?? retryDelayMs(message.attempt);
    const nextAttemptAt = new Date(now.getTime() + delay);
    // It may be with that provider already: from now on only that provider may take it.
    const pinProvider = result.maybeTaken && answeredBy ? answeredBy : undefined;
    retries.push({
      organizationId: message.organizationId,
      id: message.id,
      lease: message.lease,
      nextAttemptAt,
      pinProvider,
      throttled: result.throttled,
    });
  }
}
