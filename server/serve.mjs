// The HTTP entry point for `npm run dev` and `npm start`: Next.js behind a plain Node server.
//
// Why not `next start`: route handlers cannot see the TCP peer address, and Next only fills
// X-Forwarded-For when the client did not send one, so an API key's IP allow-list could be
// bypassed by any caller. This server records the real peer (or, with TRUST_PROXY=true, the
// left-most X-Forwarded-For entry) in a header that carries a per-process secret, so handlers
// can tell it from a forged one. It listens only once start-up succeeded (invalid configuration
// exits non-zero with one line per bad variable, see serve/startup.mjs) and shuts down without
// cutting requests (serve/shutdown.mjs).
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import next from "next";
import { errorDocUrl } from "./http/error-doc-url.mjs";
import { trackConnections } from "./serve/connections.mjs";
import { refuseMalformedPath } from "./serve/malformed-path.mjs";
import { createShutdown, markDraining, shedRequest } from "./serve/shutdown.mjs";
import { isShortLinkRequest, serveShortLink } from "./serve/short-links.mjs";
import { awaitStartup, describeStartupFailure, installStartupReport } from "./serve/startup.mjs";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";
const trustProxy = ["true", "1"].includes(process.env.TRUST_PROXY ?? "");

const edgeToken = randomBytes(24).toString("hex");
globalThis.__signalgateEdgeToken = edgeToken;

const startup = installStartupReport();
const app = next({ dev, turbopack: dev, hostname: "localhost", port });
const handle = app.getRequestHandler();
/** Not starting after all: close what start-up opened (PGlite must be closed cleanly), exit non-zero. */
async function abort(message) {
  console.error(message);
  await Promise.race([globalThis.__signalgateShutdown?.(), new Promise((r) => setTimeout(r, 10_000))]).catch(() => {});
  process.exit(1);
}

let settings;
try {
  await app.prepare();
  settings = await awaitStartup(startup);
} catch (err) {
  await abort(describeStartupFailure(err));
}
// Validated by server/env.ts; the default only when register() never reported (see startup.mjs).
const shutdownDrainMs = settings?.shutdownDrainMs ?? 5_000;

function clientIp(req) {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "";
}

const server = createServer((req, res) => {
  markDraining(res);
  if (shedRequest(req, res) || refuseMalformedPath(req, res)) return;
  req.headers["x-sg-client-ip"] = clientIp(req);
  req.headers["x-sg-edge"] = edgeToken;
  const handled = isShortLinkRequest(req) ? serveShortLink(req, res) : handle(req, res);
  handled.catch((err) => {
    console.error("[serve] unhandled", err);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        error: {
          code: "internal_error",
          message: "An internal error occurred.",
          requestId: "",
          docUrl: errorDocUrl("internal_error"),
        },
      }),
    );
  });
});
const connections = trackConnections(server);
server.keepAliveTimeout = 65_000;
// Websocket upgrades (the dev server's hot reload) go to Next as well.
const upgrade = app.getUpgradeHandler();
server.on("upgrade", (req, socket, head) => {
  upgrade(req, socket, head).catch(() => socket.destroy());
});

// A port in use is start-up failing too (Next's own handlers would only log the error).
await new Promise((resolve, reject) => {
  server.once("error", reject);
  server.listen(port, hostname, () => {
    server.off("error", reject);
    resolve();
  });
}).catch((err) => abort(`Cannot listen on ${hostname}:${port}: ${err.message}`));
console.log(`SignalGate ready on http://localhost:${port} (${dev ? "development" : "production"})`);

const shutdown = createShutdown({ server, connections, app });
// SIGTERM is the orchestrator's: drain first. SIGINT is someone at a terminal: no need to wait.
process.on("SIGTERM", () => void shutdown("SIGTERM", shutdownDrainMs));
process.on("SIGINT", () => void shutdown("SIGINT", 0));
