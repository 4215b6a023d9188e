// The Node.js half of instrumentation.ts, imported only when NEXT_RUNTIME is "nodejs" so the edge
// bundle never pulls in the database, the carriers or the workers.
import type { StartupReport } from "./lifecycle";

/** Start this process's work and tell serve.mjs's start-up report how it went (see instrumentation.ts). */
export async function registerNode(): Promise<void> {
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
  // First: the pg instrumentation must be in place before anything loads pg.
  const { startTracing } = await import("./tracing/start");
  if (await startTracing()) console.log(`[tracing] exporting spans to ${process.env.OTEL_EXPORTER_OTLP_ENDPOINT}`);
  const { getEnv } = await import("./env");
  let env: ReturnType<typeof getEnv>;
  try {
    env = getEnv();
  } catch (err) {
    throw Object.assign(err as Error, { configuration: true });
  }
  // The price list is configuration too: a bad row stops start-up, one line per problem.
  const { priceList } = await import("./billing/price-list");
  try {
    const prices = priceList();
    console.log(`[billing] price list: ${prices.version} (${prices.byCountry.size} countries and a default)`);
  } catch (err) {
    throw Object.assign(err as Error, { configuration: true });
  }
  if (env.usingDevSecret) console.warn("[env] AUTH_SECRET is not set: using an insecure development secret.");

  // Installed before anything opens: a start-up that fails half-way still closes what it opened.
  const { shutdownBackgroundWork } = await import("./shutdown");
  globalThis.__signalgateShutdown = shutdownBackgroundWork;

  const { ensureMigrated } = await import("./db/client");
  const result = await ensureMigrated();
  if (result.applied.length > 0) console.log(`[db] applied migrations: ${result.applied.join(", ")}`);

  const { startBackgroundWork } = await import("./jobs/start");
  const mode = await startBackgroundWork();
  console.log(`[jobs] background work: ${mode}`);
  const { startMessagePipeline } = await import("./messages/pipeline/worker");
  const { startLiveCarriers } = await import("./carriers/live");
  // The process that hands messages off holds the carrier connections (and takes SMPP receipts).
  const { smppInboundHandler } = await import("./inbound/smpp-handler");
  const providers = env.MESSAGE_PIPELINE === "on" ? startLiveCarriers({ inbound: smppInboundHandler }) : [];
  console.log(`[carriers] live: ${providers.length > 0 ? providers.join(", ") : "none (sg_live_ sends answer 503)"}`);
  const pipeline = startMessagePipeline();
  console.log(`[messages] pipeline: ${pipeline ? "on" : "off"}`);
  // Short links skip Next's router: serve.mjs calls this for /l/{code} once start-up succeeded.
  const { answerLinkRequest } = await import("./campaigns/links/redirect");
  globalThis.__signalgateLinkRedirect = (method, code, userAgent, ip) =>
    answerLinkRequest(method, code, userAgent, new Date(), ip || null);
  const { startWebhookWorker } = await import("./webhooks/deliveries/worker");
  const webhooks = startWebhookWorker();
  console.log(`[webhooks] worker: ${webhooks ? "on" : "off"}`);
  return { shutdownDrainMs: env.SHUTDOWN_DRAIN_MS };
}
