import { getEnv } from "../../env";
import { PollLoop } from "../../poll-loop";
import { nudgeWebhookWorker } from "../../webhooks/deliveries/worker";
import { applyStoredReceipts, pruneStoredReceipts } from "../carrier-receipts/apply-stored";
import { apiActivityMark, servedApiSince } from "../../http/api-activity";
import { handOffQueued } from "./hand-off";
import { pauseAfterRound } from "./pace";
import { deliverSandboxReceipts } from "./sandbox-receipts";
import { expireMessages } from "./expire";
import { announceQueueBacklogs } from "./queue-backlog";
import { logger } from "../../logger";

export interface PipelineOptions {
  pollIntervalMs: number;
  sandboxDelayMs: number;
  batchSize?: number;
  /**
   * Pause between two full rounds, when a backlog keeps the loop going: without it the loop takes
   * the database and CPU back-to-back and starves the requests that share them (MESSAGE_PIPELINE_YIELD_MS).
   */
  yieldMs?: number;
  /**
   * The share of time the loop may take while this process serves API requests (pace.ts,
   * MESSAGE_PIPELINE_BUSY_SHARE); 1 never gives way. Default 1.
   */
  busyShare?: number;
  /** Whether API requests were served since the mark (this process's, by default; tests set it). */
  apiBusy?: { mark: () => number; since: (mark: number) => boolean };
  /** How the pause is waited for (tests count the pauses instead of sleeping). */
  pause?: (ms: number) => Promise<void>;
  /** Only this organization's messages (tests sharing one PostgreSQL); every organization by default. */
  organizationId?: string;
  /**
   * Real carriers are configured: apply their stored receipts each round (those that arrived before
   * the hand-off recorded SENT) and prune old unmatched ones.
   */
  carrierReceipts?: boolean;
}

const PRUNE_EVERY_MS = 60_000;
const BACKLOG_CHECK_EVERY_MS = 60_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The message pipeline of one process: hands QUEUED messages to their carrier and plays the
 * sandbox's receipts. Not a job per message (that would cap throughput at the job runner's pace):
 * a loop over the messages table itself, which is the durable queue. It polls, and a send in this
 * process wakes it at once (`nudge`). Every server process runs one; row claims keep them apart.
 */
export class MessagePipeline {
  private readonly loop: PollLoop;
  private lastPrune = 0;
  private lastBacklogCheck = 0;
  private stopping = false;
  /** Live hand-offs waiting for their senders' slots (hand-off.ts): stop() waits for them. */
  private readonly paced = new Set<Promise<void>>();

  constructor(private readonly options: PipelineOptions) {
    this.loop = new PollLoop("message pipeline", options.pollIntervalMs, async () => {
      await this.runOnce();
      return false;
    });
  }

  start(): void {
    this.stopping = false;
    this.loop.start();
  }

  /** Stop polling and wait for the round in progress (its claims are recorded or their lease expires). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop.stop();
    await Promise.all(this.paced);
  }

  private track(outcomes: Promise<void>): void {
    const settled = outcomes
      .catch((err: unknown) => logger.error("paced hand-off failed", { error: (err as Error).message }))
      .finally(() => this.paced.delete(settled));
    this.paced.add(settled);
  }

  /** New work was committed: run a round now rather than at the next poll. */
  nudge(): void {
    this.loop.nudge();
  }

  /** One round: hand-off and receipts until neither has a full batch. */
  async runOnce(now: () => Date = () => new Date()): Promise<void> {
    const limit = this.options.batchSize ?? 500;
    const organizationId = this.options.organizationId;
    const apiBusy = this.options.apiBusy ?? { mark: apiActivityMark, since: servedApiSince };
    for (;;) {
      const roundStarted = performance.now();
      const apiMark = apiBusy.mark();
      const handed = await handOffQueued({ now, limit, organizationId, onPaced: (p) => this.track(p) });
      const expired = await expireMessages(now(), limit, organizationId ?? null);
      await this.announceBacklogs(now(), organizationId ?? null);
      const applied = this.options.carrierReceipts ? await this.applyCarrierReceipts(now(), limit * 2) : 0;
      const received = await deliverSandboxReceipts(
        now(),
        this.options.sandboxDelayMs,
        limit * 2,
        organizationId ?? null,
      );
      // Every transition wrote an outbox event: let the webhook worker relay it now.
      if (handed + received + applied + expired > 0) nudgeWebhookWorker();
      if ((handed < limit && received < limit * 2 && applied < limit * 2) || this.stopping) return;
      const pauseMs = pauseAfterRound({
        roundMs: performance.now() - roundStarted,
        apiBusy: apiBusy.since(apiMark) || Date.now() < (giveWay.__signalgatePipelineGiveWayUntil ?? 0),
        yieldMs: this.options.yieldMs ?? 0,
        busyShare: this.options.busyShare ?? 1,
      });
      if (pauseMs > 0) await (this.options.pause ?? sleep)(pauseMs);
      if (this.stopping) return;
    }
  }

  /** `sender.queue_backlog` (contract §15): looked for once a minute. */
  private async announceBacklogs(now: Date, organizationId: string | null): Promise<void> {
    if (now.getTime() - this.lastBacklogCheck < BACKLOG_CHECK_EVERY_MS) return;
    this.lastBacklogCheck = now.getTime();
    await announceQueueBacklogs(now, organizationId);
  }

  private async applyCarrierReceipts(now: Date, limit: number): Promise<number> {
    if (now.getTime() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now.getTime();
      await pruneStoredReceipts(now);
    }
    return applyStoredReceipts(now, null, limit);
  }
}

const holder = globalThis as typeof globalThis & { __signalgatePipeline?: MessagePipeline };
const giveWay = globalThis as typeof globalThis & { __signalgatePipelineGiveWayUntil?: number };

/**
 * A stage that feeds the pipeline is working off a backlog (the due-scan, with a million messages
 * due in the same minute): for the next `ms`, the pipeline paces itself as while the API is busy
 * (MESSAGE_PIPELINE_BUSY_SHARE). A message cannot be handed off before it is QUEUED, and the stage
 * ahead is what must keep its time (due messages QUEUED at their sendAt, opt-outs checked then);
 * the hand-offs are the same work done a little later, at full speed once the backlog is gone.
 * Each call replaces the last (0 ends it).
 */
export function pipelineGiveWay(ms: number): void {
  giveWay.__signalgatePipelineGiveWayUntil = Date.now() + ms;
}

/** Start this process's pipeline (instrumentation.ts), unless MESSAGE_PIPELINE=off. */
export function startMessagePipeline(): MessagePipeline | undefined {
  const env = getEnv();
  if (env.MESSAGE_PIPELINE === "off") return undefined;
  holder.__signalgatePipeline ??= new MessagePipeline({
    pollIntervalMs: env.MESSAGE_POLL_INTERVAL_MS,
    sandboxDelayMs: env.SANDBOX_DELIVERY_DELAY_MS,
    yieldMs: env.MESSAGE_PIPELINE_YIELD_MS,
    busyShare: env.MESSAGE_PIPELINE_BUSY_SHARE,
    carrierReceipts: env.SMS_PROVIDER.length > 0,
  });
  holder.__signalgatePipeline.start();
  return holder.__signalgatePipeline;
}

export async function stopMessagePipeline(): Promise<void> {
  const pipeline = holder.__signalgatePipeline;
  holder.__signalgatePipeline = undefined;
  await pipeline?.stop();
}

/**
 * Wake this process's pipeline after a commit (a no-op where none runs, e.g. in tests), and the
 * webhook worker: the commit wrote outbox events.
 */
export function nudgeMessagePipeline(): void {
  holder.__signalgatePipeline?.nudge();
  nudgeWebhookWorker();
}
