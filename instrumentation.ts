// Runs once when the server process starts, before it serves a request: validate configuration,
// let the process that owns the database apply migrations, then start the in-process job runner
// (when Inngest is not used) this process's message pipeline and webhook worker. server/serve.mjs calls the shutdown hook on SIGTERM/SIGINT.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getEnv } = await import("./server/env");
  const env = getEnv();
  if (env.usingDevSecret) console.warn("[env] AUTH_SECRET is not set: using an insecure development secret.");

  const { ensureMigrated, closeDb } = await import("./server/db/client");
  const result = await ensureMigrated();
  if (result.applied.length > 0) console.log(`[db] applied migrations: ${result.applied.join(", ")}`);

  const { startBackgroundWork, stopBackgroundWork } = await import("./server/jobs/start");
  const { lastUsed } = await import("./server/api-keys/last-used");
  const mode = await startBackgroundWork();
  console.log(`[jobs] background work: ${mode}`);
  const { startMessagePipeline, stopMessagePipeline } = await import("./server/messages/pipeline/worker");
  const { startLiveCarriers, stopLiveCarriers } = await import("./server/carriers/live");
  // The process that hands messages off holds the carrier connections (and takes SMPP receipts).
  const providers = env.MESSAGE_PIPELINE === "on" ? startLiveCarriers() : [];
  console.log(`[carriers] live: ${providers.length > 0 ? providers.join(", ") : "none (sg_live_ sends answer 503)"}`);
  const pipeline = startMessagePipeline();
  console.log(`[messages] pipeline: ${pipeline ? "on" : "off"}`);
  const { startWebhookWorker, stopWebhookWorker } = await import("./server/webhooks/deliveries/worker");
  const webhooks = startWebhookWorker();
  console.log(`[webhooks] worker: ${webhooks ? "on" : "off"}`);

  globalThis.__signalgateShutdown = async () => {
    await stopMessagePipeline();
    await stopLiveCarriers();
    await stopWebhookWorker();
    await stopBackgroundWork();
    await lastUsed.flush().catch((err: unknown) => console.error("[shutdown] lastUsedAt flush failed", err));
    await closeDb();
  };
}

declare global {
  var __signalgateShutdown: (() => Promise<void>) | undefined;
}
