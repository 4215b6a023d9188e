// The HTTP entry point for `npm run dev` and `npm start`: Next.js behind a plain Node server.
//
// Why not `next start`: route handlers cannot see the TCP peer address, and Next only fills
// X-Forwarded-For when the client did not send one, so an API key's IP allow-list could be
// bypassed by any caller. This server records the real peer (or, with TRUST_PROXY=true, the
// left-most X-Forwarded-For entry) in a header that carries a per-process secret, so handlers
// can tell it from a forged one. It also closes the embedded database on SIGTERM/SIGINT.
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import next from "next";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOST ?? "0.0.0.0";
const trustProxy = ["true", "1"].includes(process.env.TRUST_PROXY ?? "");

const edgeToken = randomBytes(24).toString("hex");
globalThis.__signalgateEdgeToken = edgeToken;

const app = next({ dev, turbopack: dev, hostname: "localhost", port });
const handle = app.getRequestHandler();
await app.prepare();

function clientIp(req) {
  if (trustProxy) {
    const forwarded = req.headers["x-forwarded-for"];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim();
    if (first) return first;
  }
  return req.socket.remoteAddress ?? "";
}

const server = createServer((req, res) => {
  req.headers["x-sg-client-ip"] = clientIp(req);
  req.headers["x-sg-edge"] = edgeToken;
  handle(req, res).catch((err) => {
    console.error("[serve] unhandled", err);
    if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
    res.end(
      JSON.stringify({ error: { code: "internal_error", message: "An internal error occurred.", requestId: "" } }),
    );
  });
});
server.keepAliveTimeout = 65_000;
// Websocket upgrades (the dev server's hot reload) go to Next as well.
const upgrade = app.getUpgradeHandler();
server.on("upgrade", (req, socket, head) => {
  upgrade(req, socket, head).catch(() => socket.destroy());
});

server.listen(port, hostname, () => {
  console.log(`SignalGate ready on http://localhost:${port} (${dev ? "development" : "production"})`);
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`[serve] ${signal}: shutting down`);
  server.close();
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  try {
    await globalThis.__signalgateShutdown?.();
    await app.close?.();
  } finally {
    process.exit(0);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
