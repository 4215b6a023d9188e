import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import net from "node:net";
import { BENCH_DIST_DIR } from "./build";

export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Last lines the server printed (shown when something goes wrong). */
  outputTail(): string;
  /** How many lines the server printed matched `pattern` (of countLines' patterns), over its whole run. */
  counted(pattern: RegExp): number;
  stop(): Promise<void>;
  /** Resolves when the process has exited (the chaos run kills it with SIGKILL and waits here). */
  exited: Promise<void>;
}

export interface StartOptions {
  /** Listen here instead of on a free port (a restarted server keeps its address). */
  port?: number;
  /** The build to serve: NEXT_DIST_DIR, the bench's own by default; null for Next's default .next. */
  distDir?: string | null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node server/serve.mjs` (the production entry) on the bench's own build (.next-bench,
 * through NEXT_DIST_DIR, which next.config.ts reads; `options.distDir` picks another) and waits for
 * GET /api/health to answer 200.
 * The child is the listening process itself (no npm/npx wrapper), so stopping it by PID stops the
 * server; it closes its database on SIGTERM.
 */
export async function startServer(
  env: NodeJS.ProcessEnv,
  timeoutMs = 120_000,
  countLines: RegExp[] = [],
  options: StartOptions = {},
): Promise<RunningServer> {
  // BENCH_PORT: a fixed port for the (first) server, where a shared machine hands out port ranges.
  const port = options.port ?? (process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : await freePort());
  const distDir = options.distDir === undefined ? BENCH_DIST_DIR : options.distDir;
  const childEnv: NodeJS.ProcessEnv = { ...env, PORT: String(port), HOST: "127.0.0.1" };
  if (distDir === null) delete childEnv.NEXT_DIST_DIR;
  else childEnv.NEXT_DIST_DIR = distDir;
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server/serve.mjs"], {
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (child.pid === undefined) throw new Error("could not start server/serve.mjs");
  const pid = child.pid;

  let tail = "";
  const counts = new Map<RegExp, number>(countLines.map((p) => [p, 0]));
  const partial = { stdout: "", stderr: "" };
  const keep = (stream: "stdout" | "stderr") => (chunk: Buffer) => {
    const text = chunk.toString("utf8");
    tail = (tail + text).slice(-8_000);
    if (counts.size === 0) return;
    const lines = (partial[stream] + text).split("\n");
    partial[stream] = lines.pop() ?? "";
    for (const line of lines) {
      for (const [pattern, n] of counts) if (pattern.test(line)) counts.set(pattern, n + 1);
    }
  };
  child.stdout?.on("data", keep("stdout"));
  child.stderr?.on("data", keep("stderr"));
  let exited = false;
  const exitedPromise = new Promise<void>((resolve) =>
    child.on("exit", () => {
      exited = true;
      resolve();
    }),
  );

  const stop = async () => {
    if (exited) return;
    const gone = once(child, "exit");
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(pid, name);
      } catch {
        // already gone
      }
    };
    signal("SIGTERM");
    const timer = setTimeout(() => signal("SIGKILL"), 15_000);
    await gone;
    clearTimeout(timer);
  };
  const server: RunningServer = {
    baseUrl,
    pid,
    outputTail: () => tail,
    counted: (p) => counts.get(p) ?? 0,
    stop,
    exited: exitedPromise,
  };

  const deadline = Date.now() + timeoutMs;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited during start-up (exit ${child.exitCode}):\n${tail}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(5_000) });
      const text = await res.text();
      if (res.status === 200) return server;
      lastProblem = `GET /api/health answered ${res.status}: ${text.slice(0, 300)}`;
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err);
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the server was not healthy within ${timeoutMs / 1000} s (${lastProblem}):\n${tail}`);
}
