// A production server process of its own (node server/serve.mjs, as `npm start` runs it), for tests
// that must signal, kill or restart it: the shared Playwright web servers cannot be.
import { spawn, type ChildProcessByStdio } from "node:child_process";
import http from "node:http";
import net from "node:net";
import type { Readable } from "node:stream";

export const E2E_AUTH_SECRET = "e2e-only-auth-secret-0123456789abcdefghi";

export interface ServerProcess {
  port: number;
  pid: number;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  kill(signal: NodeJS.Signals): void;
}

/** Only what the server needs: nothing of the shell's configuration (DATABASE_URL…) leaks in. */
export function productionEnv(port: number, env: Record<string, string | undefined>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    AUTH_SECRET: E2E_AUTH_SECRET,
    AUTH_TRUST_HOST: "true",
    LOG_LEVEL: "warn",
    ...env,
  };
}

export function spawnServer(
  port: number,
  env: NodeJS.ProcessEnv,
  /** `npm start` as a process manager runs it, in a process group of its own (pid = group id). */
  via: "node" | "npm" = "node",
): ServerProcess {
  const child: ChildProcessByStdio<null, Readable, Readable> =
    via === "node"
      ? spawn(process.execPath, ["server/serve.mjs"], { cwd: process.cwd(), env, stdio: ["ignore", "pipe", "pipe"] })
      : spawn("npm", ["start"], { cwd: process.cwd(), env, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown")),
  );
  return { port, pid: child.pid!, output: () => output, exited, kill: (signal) => child.kill(signal) };
}

/** Waits for "SignalGate ready" (or the process ending first, which throws with its output). */
export async function whenReady(server: ServerProcess): Promise<void> {
  const ended = server.exited.then((code) => {
    throw new Error(`the server exited (${code}) before it was ready:\n${server.output()}`);
  });
  const ready = (async () => {
    while (!server.output().includes("SignalGate ready")) await new Promise((r) => setTimeout(r, 100));
  })();
  await Promise.race([ready, ended]);
}

export type Outcome =
  { kind: "answer"; status: number; headers: http.IncomingHttpHeaders; body: string } | { kind: "error"; code: string };

export interface PendingRequest {
  /** The request (all of it, or its first part when held) has been handed to the network. */
  written: Promise<void>;
  done: Promise<Outcome>;
  /** For a held request: send the rest of the body. */
  finish(): void;
}

/**
 * One request on a connection of its own (no pooling, so one answer per connection and nothing
 * reused across the shutdown). `hold` sends the headers and half the body only, until finish().
 * An answer counts only when it arrived whole; anything else is the socket error's code.
 */
export function rawRequest(
  port: number,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string; hold?: boolean } = {},
): PendingRequest {
  const body = Buffer.from(options.body ?? "");
  const req = http.request({
    host: "127.0.0.1",
    port,
    method,
    path,
    agent: false,
    headers: { ...options.headers, ...(options.body !== undefined && { "content-length": String(body.length) }) },
  });
  const done = new Promise<Outcome>((resolve) => {
    const fail = (err: NodeJS.ErrnoException) => resolve({ kind: "error", code: err.code ?? err.message });
    req.on("error", fail);
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", fail);
      res.on("aborted", () => resolve({ kind: "error", code: "aborted" }));
      res.on("end", () => {
        if (!res.complete) return resolve({ kind: "error", code: "incomplete" });
        resolve({
          kind: "answer",
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        });
      });
    });
  });
  let written: Promise<void>;
  const half = Math.floor(body.length / 2);
  if (options.hold) {
    written = new Promise<void>((resolve) => {
      req.flushHeaders();
      req.write(body.subarray(0, half), () => resolve());
    });
  } else {
    written = new Promise<void>((resolve) => req.end(body, () => resolve()));
  }
  // A request that fails before it is written is "written" too: nothing more will go out.
  return {
    written: Promise.race([written, done.then(() => undefined)]),
    done,
    finish: () => void req.end(body.subarray(half)),
  };
}

/** Whether a new connection to the port is refused (nothing listens any more). */
export function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (err: NodeJS.ErrnoException) => resolve(err.code === "ECONNREFUSED"));
  });
}
