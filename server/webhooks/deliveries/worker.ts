import { getEnv } from "../../env";
import { logger } from "../../logger";
import { PollLoop } from "../../poll-loop";
import { relayOutboxEvents } from "../relay";
import { claimDueDeliveries, type ClaimedDelivery } from "./claim";
import { attemptIsolated, commitOutcomesIsolated } from "./isolated";
import { isDatabaseUnavailable } from "../../db/unavailable";
import type { AttemptOutcome } from "./outcome";
import { releaseDeliveries } from "./release";

export interface WebhookWorkerOptions {
  pollIntervalMs: number;
  /** Attempts in flight at once in this process. */
  maxInFlight?: number;
  /** In flight per webhook: a slow endpoint holds at most this many slots. */
  perWebhook?: number;
  /** Outcomes are recorded in batches of up to this many. */
  flushBatch?: number;
  organizationId?: string;
}

/**
 * Webhook delivery in one process: relays the outbox into deliveries and makes first attempts
 * (retries are the retry job's). Attempts run concurrently and independently: a claim takes only
 * as many as there are free slots, and each finished attempt frees its slot at once, so a slow
 * endpoint (30 s each) never holds up the others. Outcomes are written in batches.
 */
export class WebhookWorker {
  private readonly maxInFlight: number;
  private readonly perWebhookCap: number;
  private inFlight = 0;
  private readonly perWebhook = new Map<string, number>();
  private buffer: AttemptOutcome[] = [];
  /** The write of outcomes in progress, if any. */
  private writing?: Promise<void>;
  private readonly loop: PollLoop;
  private readonly attempts = new Set<Promise<void>>();
  /** Claims whose attempt has not answered yet: what a shutdown releases. */
  private readonly unanswered = new Map<string, { organizationId: string; lease: Date }>();

  constructor(private readonly options: WebhookWorkerOptions) {
    this.maxInFlight = options.maxInFlight ?? 256;
    this.perWebhookCap = options.perWebhook ?? 16;
    this.loop = new PollLoop("webhook worker", options.pollIntervalMs, () => this.runRound());
  }

  start(): void {
    this.loop.start();
  }

  /** Stop claiming, let attempts in flight finish (up to `timeoutMs`), record what finished. */
  async stop(timeoutMs = 10_000): Promise<void> {
    await this.loop.stop();
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.attempts]),
      new Promise((resolve) => (timeout = setTimeout(resolve, timeoutMs))),
    ]);
    clearTimeout(timeout);
    await this.flush();
  }

  nudge(): void {
    this.loop.nudge();
  }

  /** Claimed deliveries whose attempt is still going (after stop(): the ones it gave up waiting for). */
  unansweredClaims(): { organizationId: string; id: string; lease: Date }[] {
    return [...this.unanswered].map(([id, held]) => ({ id, ...held }));
  }

  /**
   * Relay one batch, then claim as many due first attempts as there are free slots (so a large
   * backlog of events starts delivering before it is all relayed); true when more may wait.
   */
  private async runRound(): Promise<boolean> {
    const now = new Date();
    const relayed = await relayOutboxEvents(now);
    const free = Math.min(this.maxInFlight - this.inFlight, CLAIM_BATCH);
    if (free <= 0) return relayed.events >= 500;
    const busy = [...this.perWebhook].filter(([, n]) => n >= this.perWebhookCap).map(([id]) => id);
    const claimed = await claimDueDeliveries(now, {
      limit: free,
      leaseMs: 60_000,
      busyWebhooks: busy,
      perWebhook: this.perWebhookCap,
      organizationId: this.options.organizationId,
    });
    for (const delivery of claimed) this.launch(delivery);
    return relayed.events >= 500 || claimed.length >= free;
  }

  private launch(delivery: ClaimedDelivery): void {
    this.inFlight++;
    this.perWebhook.set(delivery.webhookId, (this.perWebhook.get(delivery.webhookId) ?? 0) + 1);
    this.unanswered.set(delivery.id, { organizationId: delivery.organizationId, lease: delivery.lease });
    const attempt = attemptIsolated(delivery)
      .then((outcome) => this.record(outcome))
      .catch((err: unknown) => logger.error("webhook attempt failed", { error: (err as Error).message }))
      .finally(() => {
        this.unanswered.delete(delivery.id);
        this.inFlight--;
        const left = (this.perWebhook.get(delivery.webhookId) ?? 1) - 1;
        if (left > 0) this.perWebhook.set(delivery.webhookId, left);
        else this.perWebhook.delete(delivery.webhookId);
        this.attempts.delete(attempt);
        // A slot is free: claim its replacement now, not after the nudge delay.
        this.loop.nudge(0);
      });
    this.attempts.add(attempt);
  }

  private record(outcome: AttemptOutcome): void {
    this.buffer.push(outcome);
    this.writing ??= this.writeOutcomes();
  }

  /**
   * Group commit: one write at a time, of every outcome finished since the previous write began,
   * so an outcome waits at most for the write in progress and its own however slow the database
   * is (writes started on a timer queue behind each other). The time from an endpoint's 2xx to its
   * record is the window in which a crash sends the delivery again once its lease expires.
   * A failed write leaves the leases to expire (those attempts are made again).
   */
  private async writeOutcomes(): Promise<void> {
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, this.options.flushBatch ?? 200);
      // While the database is away (contract §12), the outcomes wait here and are written when it
      // returns, within their leases: dropping them would send every one of those deliveries again.
      for (const giveUpAt = Date.now() + OUTCOME_RETRY_MS; ;) {
        try {
          await commitOutcomesIsolated(batch);
          break;
        } catch (err) {
          if (isDatabaseUnavailable(err) && Date.now() < giveUpAt) {
            await new Promise((resolve) => setTimeout(resolve, 500));
            continue;
          }
          logger.error("webhook outcomes not recorded", { error: (err as Error).message });
          break;
        }
      }
    }
    this.writing = undefined;
  }

  /** Resolves once every outcome recorded so far is written (or failed to be). */
  private async flush(): Promise<void> {
    while (this.writing) await this.writing;
  }
}

/** How long outcomes wait for an unreachable database: under the 60 s delivery lease. */
const OUTCOME_RETRY_MS = 45_000;

/** Deliveries claimed per round at most: a claim locks candidates, so it stays small and frequent. */
const CLAIM_BATCH = 128;

const holder = globalThis as typeof globalThis & { __signalgateWebhookWorker?: WebhookWorker };

/** Start this process's webhook worker (instrumentation.ts), unless WEBHOOK_WORKER=off. */
export function startWebhookWorker(): WebhookWorker | undefined {
  const env = getEnv();
  if (env.WEBHOOK_WORKER === "off") return undefined;
  holder.__signalgateWebhookWorker ??= new WebhookWorker({ pollIntervalMs: env.WEBHOOK_POLL_INTERVAL_MS });
  holder.__signalgateWebhookWorker.start();
  return holder.__signalgateWebhookWorker;
}

export async function stopWebhookWorker(): Promise<void> {
  const worker = holder.__signalgateWebhookWorker;
  holder.__signalgateWebhookWorker = undefined;
  await worker?.stop();
  const released = await releaseDeliveries(worker?.unansweredClaims() ?? []);
  if (released > 0) logger.info("webhook deliveries released at shutdown", { released });
}

/** New outbox events or deliveries were committed in this process: look now. */
export function nudgeWebhookWorker(): void {
  holder.__signalgateWebhookWorker?.nudge();
}
