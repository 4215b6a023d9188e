// The CLI as a user runs it: cli/dist/index.js in a child process, with a config directory of its
// own, against the production server; and a TCP relay in front of the server that a test can cut.
import { execFile, spawn, type ChildProcessByStdio } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer as createHttpServer, type IncomingHttpHeaders } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { Webhook } from "standardwebhooks";

type Env = Record<string, string | undefined>;
export type { Env };

const root = fileURLToPath(new URL("..", import.meta.url));
export const CLI = path.join(root, "cli", "dist", "index.js");

/** Builds the SDK and the CLI (the CLI imports the SDK as a package). */
export async function buildCli(): Promise<void> {
  await run(process.execPath, [path.join(root, "sdk", "scripts", "build.mjs")], root);
  await run(process.execPath, [path.join(root, "cli", "scripts", "build.mjs")], root);
}

export function run(cmd: string, args: string[], cwd: string, env: Env = {}, input?: string) {
  return new Promise<string>((resolve, reject) => {
    const child = execFile(
      cmd,
      args,
      { cwd, env: { ...process.env, ...env } as NodeJS.ProcessEnv, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) =>
        err ? reject(new Error(`${cmd} ${args.join(" ")} failed: ${stderr || err.message}`)) : resolve(stdout),
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
  json: () => any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** One CLI run to its end. */
export function cli(
  args: string[],
  env: Env,
  input?: string,
  bin: string[] = [process.execPath, CLI],
): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = execFile(
      bin[0]!,
      [...bin.slice(1), ...args],
      { env: { ...cleanEnv(), ...env } as NodeJS.ProcessEnv },
      (err, stdout, stderr) =>
        resolve({
          code: err ? ((err as { code?: number }).code ?? 1) : 0,
          stdout,
          stderr,
          json: () => JSON.parse(stdout),
        }),
    );
    child.stdin?.end(input ?? "");
  });
}

/** A long-running CLI command (listen, tail) whose JSON lines are collected as they come. */
export function cliStream(args: string[], env: Env) {
  const child: ChildProcessByStdio<Writable, Readable, Readable> = spawn(process.execPath, [CLI, ...args], {
    env: { ...cleanEnv(), ...env } as NodeJS.ProcessEnv,
    stdio: ["pipe", "pipe", "pipe"],
  });
  const lines: any[] = []; // eslint-disable-line @typescript-eslint/no-explicit-any
  let buffer = "";
  let stderr = "";
  child.stdout.on("data", (d: Buffer) => {
    buffer += d.toString();
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.trim()) lines.push(JSON.parse(line));
    }
  });
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    lines,
    exited,
    stderr: () => stderr,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    async waitFor<T>(pred: (line: any) => T | undefined | false, ms = 30_000): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        for (const l of lines) {
          const hit = pred(l);
          if (hit) return hit;
        }
        if (Date.now() > deadline) throw new Error(`timed out; lines: ${JSON.stringify(lines)}\nstderr: ${stderr}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    stop: async () => {
      child.kill("SIGINT");
      return exited;
    },
  };
}

/** Only what the CLI needs, so the shell's SIGNALGATE_* never leak in. */
function cleanEnv(): Env {
  return { PATH: process.env.PATH, HOME: process.env.HOME, TMPDIR: process.env.TMPDIR, NO_COLOR: "1" };
}

export function configDir(): string {
  return mkdtempSync(path.join(os.tmpdir(), "signalgate-cli-"));
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  /** Both schemes checked with the session's secret: the seed's and Standard Webhooks (by its library). */
  verified: { seed: boolean; standard: boolean };
}

/** A local app's webhook endpoint that verifies each request against `secret()` and answers 200. */
export async function startVerifyingReceiver(secret: () => string) {
  const received: Received[] = [];
  const server = createHttpServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      const s = secret();
      const expected = Buffer.from(`sha256=${createHmac("sha256", s).update(body).digest("hex")}`);
      const given = Buffer.from(String(req.headers["x-webhook-signature"] ?? ""));
      const seed = given.length === expected.length && timingSafeEqual(given, expected);
      let standard = false;
      try {
        new Webhook(s).verify(body, {
          "webhook-id": String(req.headers["webhook-id"]),
          "webhook-timestamp": String(req.headers["webhook-timestamp"]),
          "webhook-signature": String(req.headers["webhook-signature"]),
        });
        standard = true;
      } catch {
        standard = false;
      }
      received.push({ headers: req.headers, body, verified: { seed, standard } });
      res.writeHead(seed && standard ? 200 : 400).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    ofEvent: (event: string) => received.filter((r) => JSON.parse(r.body).event === event),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A TCP relay to `target` whose open connections a test can cut (a dropped network, not a restart). */
export async function startRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("error", drop).on("close", drop);
    upstream.on("error", drop).on("close", drop);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    cut: () => {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
