// Runs once when the server process starts, before it serves a request: validate configuration,
// let the process that owns the database apply migrations, then start the in-process job runner
// (when Inngest is not used), this process's message pipeline and webhook worker. Under
// server/serve.mjs the outcome goes to its start-up report (server/lifecycle.ts): serve.mjs listens
// only after success, and on failure prints the reason and exits non-zero. serve.mjs calls the
// shutdown hook on SIGTERM/SIGINT.
import type { StartupReport } from "./server/lifecycle";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const report: StartupReport | undefined = globalThis.__signalgateStartup;
  report?.started();
  try {
    const settings = await start();
    report?.succeeded(settings);
  } catch (err) {
    // Without serve.mjs (e.g. `next start`), Next reports it.
    if (!report) throw err;
    report.failed(err);
  }
}

async function start(): Promise<{ shutdownDrainMs: number }> {
  const { getEnv } = await import("./server/env");
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (err) {
    throw Object.assign(err as Error, { configuration: true });
  }
  if (env.usingDevSecret) console.warn("[env] AUTH_SECRET is not set: using an insecure development secret.");

  // Installed before anything opens: a start-up that fails half-way still closes what it opened.
  const { shutdownBackgroundWork } = await import("./server/shutdown");
  globalThis.__signalgateShutdown = shutdownBackgroundWork;

  const { ensureMigrated } = await import("./server/db/client");
  const result = await ensureMigrated();
  if (result.applied.length > 0) console.log(`[db] applied migrations: ${result.applied.join(", ")}`);

  const { startBackgroundWork } = await import("./server/jobs/start");
  const mode = await startBackgroundWork();
  console.log(`[jobs] background work: ${mode}`);
  const { startMessagePipeline } = await import("./server/messages/pipeline/worker");
  const { startLiveCarriers } = await import("./server/carriers/live");
  // The process that hands messages off holds the carrier connections (and takes SMPP receipts).
  const providers = env.MESSAGE_PIPELINE === "on" ? startLiveCarriers() : [];
  console.log(`[carriers] live: ${providers.length > 0 ? providers.join(", ") : "none (sg_live_ sends answer 503)"}`);
  const pipeline = startMessagePipeline();
  console.log(`[messages] pipeline: ${pipeline ? "on" : "off"}`);
  const { startWebhookWorker } = await import("./server/webhooks/deliveries/worker");
  const webhooks = startWebhookWorker();
  console.log(`[webhooks] worker: ${webhooks ? "on" : "off"}`);
  return { shutdownDrainMs: env.SHUTDOWN_DRAIN_MS };
}
