// Graceful shutdown for server/serve.mjs, in the order a load balancer needs (Kubernetes' pod
// termination: out of rotation first, then stop accepting, then drain what was accepted):
//   1. readiness (/api/health) answers 503 at once; requests are still served for `drainMs`,
//      each answer with `Connection: close`, so the balancer takes the instance out;
//   2. accept what the kernel still holds for us (accept-queue.mjs): closing the listener would
//      reset those connections. Requests read from here on came in during the drain but were not
//      reached in time (a busy event loop): each is answered at once, 503 `service_unavailable`
//      with Retry-After, so its client retries on another instance instead of waiting for one
//      that is leaving. Then stop accepting (new connections are refused), let requests in
//      progress finish (up to IN_FLIGHT_MS, the wait for the queue included), closing each
//      connection between requests (connections.mjs);
//   3. the app's hook (instrumentation.ts): stop background work, release its claims, flush
//      lastUsedAt, close the database.
import net from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { queuedConnections } from "./accept-queue.mjs";
import { requestIdOf } from "./malformed-path.mjs";

const IN_FLIGHT_MS = 25_000;
const HOOK_MS = 20_000;
const POLL_MS = 50;

/** Past the drain: requests read from now on are answered 503 at once (shedRequest). */
let shedding = false;

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

    shedding = true;
    const deadline = Date.now() + IN_FLIGHT_MS;
    const port = server.address()?.port;
    let queued = port ? await queuedConnections(port) : null;
    while (queued && Date.now() < deadline) {
      await sleep(POLL_MS);
      queued = await queuedConnections(port);
    }
    // Stop listening only: http.Server#close() would also destroy connections whose request has
    // not been read yet (see connections.mjs).
    net.Server.prototype.close.call(server);
    log.log(`[serve] not accepting connections; ${connections.size} open${queued ? `, ${queued} left queued` : ""}`);
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

/** Past the drain, answers 503 at once (and returns true): the client retries elsewhere. */
export function shedRequest(req, res) {
  if (!shedding) return false;
  const requestId = requestIdOf(req);
  res.writeHead(503, {
    "content-type": "application/json",
    "retry-after": "1",
    connection: "close",
    "x-request-id": requestId,
  });
  res.end(
    JSON.stringify({
      error: {
        code: "service_unavailable",
        message: "This instance is shutting down; send the request again.",
        requestId,
        docUrl: "/docs/errors#service_unavailable",
      },
    }),
  );
  return true;
}
