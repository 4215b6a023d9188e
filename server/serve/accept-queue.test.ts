// The shutdown waits for the kernel's accept queue to empty before it stops listening (issue 37 §5):
// this is how it reads that queue. A child process listens and then keeps its event loop busy, so
// the connections made meanwhile wait in the queue, as they do on a loaded server.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import { describe, expect, it } from "vitest";
import { queuedConnections } from "./accept-queue.mjs";

const LISTEN_THEN_STALL = `
const server = require("node:net").createServer((socket) => socket.end());
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(String(server.address().port) + "\\n");
  process.stdin.once("data", () => {
    const until = Date.now() + 1500;
    while (Date.now() < until);
  });
});
`;

describe.skipIf(!existsSync("/proc/net/tcp"))("queuedConnections", () => {
  it("counts the connections a busy process has not accepted yet, and none once it has", async () => {
    const child = spawn(process.execPath, ["-e", LISTEN_THEN_STALL], { stdio: ["pipe", "pipe", "inherit"] });
    try {
      const port = await new Promise<number>((resolve) => child.stdout.once("data", (d: Buffer) => resolve(Number(d))));
      expect(await queuedConnections(port)).toBe(0);
      child.stdin.write("stall\n");
      await new Promise((r) => setTimeout(r, 200));
      const clients = Array.from({ length: 3 }, () => net.connect(port, "127.0.0.1").on("error", () => {}));
      await Promise.all(clients.map((c) => new Promise((r) => c.once("connect", r))));
      expect(await queuedConnections(port)).toBe(3);
      // The stall over, the child accepts (and closes) them.
      await Promise.all(clients.map((c) => new Promise((r) => c.once("close", r))));
      expect(await queuedConnections(port)).toBe(0);
    } finally {
      child.kill("SIGKILL");
    }
  });

  it("answers 0 for a port nothing listens on", async () => {
    expect(await queuedConnections(1)).toBe(0);
  });
});
