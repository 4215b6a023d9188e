// Graceful shutdown for server/serve.mjs, in the order a load balancer needs:
//   1. readiness (/api/health) answers 503 at once; requests are still served for `drainMs`,
//      each answer with `Connection: close`, so the balancer takes the instance out;
//   2. stop accepting (new connections are refused), let requests in progress finish (up to
//      IN_FLIGHT_MS), closing each connection between requests;
//   3. the app's hook (instrumentation.ts): stop background work, release its claims, flush
//      lastUsedAt, close the database.
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

const IN_FLIGHT_MS = 25_000;
const HOOK_MS = 20_000;
const POLL_MS = 50;

export function createShutdown({ server, connections, app, log = console }) {
  let stopping;
  return function shutdown(signal, drainMs) {
    stopping ??= run(signal, drainMs);
    return stopping;
  };

  async function run(signal, drainMs) {
    globalThis.__signalgateShuttingDown = true;
    log.log(`[serve] ${signal}: not ready any more; serving ${drainMs} ms more, then closing`);
    // Whatever happens below, the process ends.
    const hard = setTimeout(
      () => {
        log.error("[serve] shutdown did not finish in time; exiting");
        process.exit(1);
      },
      drainMs + IN_FLIGHT_MS + HOOK_MS + 5_000,
    );
    hard.unref();

    if (drainMs > 0) await sleep(drainMs);

    // Stop listening only: http.Server#close() would also destroy connections whose request has
    // not been read yet (see connections.mjs).
    net.Server.prototype.close.call(server);
    log.log(`[serve] not accepting connections; ${connections.size} open`);
    const deadline = Date.now() + IN_FLIGHT_MS;
    while (connections.closeIdle() > 0 && Date.now() < deadline) await sleep(POLL_MS);
    if (connections.size > 0) {
      log.error(`[serve] ${connections.size} connection(s) still busy after ${IN_FLIGHT_MS} ms; closing them`);
      connections.destroyAll();
    }

    let code = 0;
    try {
      await globalThis.__signalgateShutdown?.();
      await app.close?.();
    } catch (err) {
      log.error("[serve] shutdown hook failed", err);
      code = 1;
    }
    log.log("[serve] stopped");
    process.exit(code);
  }
}

/** Answers during shutdown tell the client not to reuse the connection. */
export function markDraining(res) {
  if (globalThis.__signalgateShuttingDown) res.setHeader("connection", "close");
}
