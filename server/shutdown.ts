import { lastUsed } from "./api-keys/last-used";
import { stopLiveCarriers } from "./carriers/live";
import { closeDb } from "./db/client";
import { stopBackgroundWork } from "./jobs/start";
import { logger } from "./logger";
import { releaseHeldMessages } from "./messages/pipeline/release";
import { stopMessagePipeline } from "./messages/pipeline/worker";
import { stopWebhookWorker } from "./webhooks/deliveries/worker";
import { stopTracing } from "./tracing/spans";
import { flushRequestLogs } from "./request-logs/writer";

/** How long the pipeline's round in progress may take; a carrier that hangs must not hold the exit. */
const PIPELINE_STOP_MS = 10_000;

/**
 * The process's background work, stopped for shutdown (server/serve.mjs calls this through
 * globalThis.__signalgateShutdown once no request is in progress). The three workers stop at once,
 * each waiting a bounded time for its work in progress, and give back what they still hold, so
 * another instance takes it at once rather than when the lease expires. Then lastUsedAt is
 * written and the database closed. Safe to call when start-up got only part of the way.
 */
export async function shutdownBackgroundWork(): Promise<void> {
  const step = (name: string, work: Promise<unknown>) =>
    work.catch((err: unknown) => logger.error(`shutdown: ${name} failed`, { error: (err as Error).message }));
  await Promise.all([
    step("message pipeline", stopPipelineAndRelease()),
    step("webhook worker", stopWebhookWorker()),
    step("job runner", stopBackgroundWork()),
  ]);
  await step("lastUsedAt flush", lastUsed.flush());
  await step("request log flush", flushRequestLogs());
  await closeDb();
  await step("trace export", stopTracing());
}

async function stopPipelineAndRelease(): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    stopMessagePipeline(),
    new Promise((resolve) => (timer = setTimeout(resolve, PIPELINE_STOP_MS))),
  ]);
  clearTimeout(timer);
  const released = await releaseHeldMessages();
  if (released > 0) logger.info("messages released at shutdown", { released });
  // Unbind from the SMSC only now: receipts keep arriving (and being stored) until the pipeline stops.
  await stopLiveCarriers();
}
