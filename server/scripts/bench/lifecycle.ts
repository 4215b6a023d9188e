import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Cleanups } from "../cleanups";
import { log } from "./args";
import { seed } from "./seed";
import { startServer, type RunningServer } from "./server-process";

// bench.ts's server under test (started, checked, seeded) and its undo steps, plus what the server
// printed.

/** Undo steps for the server and the temporary directory, run once on success, failure or signal. */
const cleanups = new Cleanups(log);
/** Set once the server runs, so a failure can show what it printed. */
let runningServer: RunningServer | undefined;

export function onCleanup(step: () => Promise<void> | void): void {
  cleanups.add(step);
}

export function cleanup(): Promise<void> {
  return cleanups.run();
}

export function cleanupOnSignals(): void {
  cleanups.onSignals();
}

/** The last lines the server printed, once it was started. */
export function serverOutputTail(): string | undefined {
  return runningServer?.outputTail();
}

/**
 * Starts a server under test (server/serve.mjs on .next-bench) as in production without Inngest,
 * with `extraEnv` on top (the SMPP part's carrier settings), stopped at cleanup, and checks that it
 * runs on the expected database. A failure shows what the latest server started printed.
 */
export async function startBenchServer(
  databaseUrl: string | undefined,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "signalgate-bench-"));
  cleanups.add(() => rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.TEST_DATABASE_URL;
  Object.assign(env, {
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    // An empty DATABASE_URL means PGlite (env.ts); set explicitly so a .env file cannot supply one.
    DATABASE_URL: databaseUrl ?? "",
    DATA_DIR: dataDir,
    BENCH_ROUTES: "on",
    LOG_LEVEL: "warn",
    // As in production without Inngest: the embedded job runner and this process's message pipeline.
    EMBEDDED_JOBS: "on",
    MESSAGE_PIPELINE: "on",
    // The webhook figures deliver to a receiver on 127.0.0.1 (bench/webhooks.ts).
    WEBHOOK_ALLOW_PRIVATE_URLS: "true",
    WEBHOOK_WORKER: "on",
    NEXT_TELEMETRY_DISABLED: "1",
    ...extraEnv,
  });
  for (const name of ["INNGEST_EVENT_KEY", "INNGEST_SIGNING_KEY", "INNGEST_DEV", "INNGEST_BASE_URL"]) delete env[name];

  log("starting node server/serve.mjs");
  const startedAt = Date.now();
  const server = await startServer(env, undefined, [CLIENT_ABORTED]);
  cleanups.add(() => server.stop());
  runningServer = server;
  log(`server pid ${server.pid} healthy at ${server.baseUrl} after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

  const expected = databaseUrl ? "postgres" : "pglite";
  const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as { database?: { kind?: string } };
  if (health.database?.kind !== expected) {
    throw new Error(`the server reports database ${health.database?.kind ?? "?"}, expected ${expected}`);
  }
  return server;
}

export async function startSeededServer(databaseUrl: string | undefined, extraEnv: Record<string, string> = {}) {
  const server = await startBenchServer(databaseUrl, extraEnv);
  const account = await seed(server.baseUrl);
  log(
    "seeded an account, an API key and raised the organization's rate limits; " +
      "a second organization (rate limiting off) with a sandbox key for the SMS routes",
  );
  return { server, account };
}

/**
 * What the server logs when a client goes away while its request body is being read: autocannon
 * does that to the requests in flight when it ends a slice, so these are expected (POST routes).
 */
const CLIENT_ABORTED = /"unhandled error".*Error: aborted/;

/** What the server printed beyond the routine lines (and the expected aborted-request errors). */
export function reportServerOutput(server: RunningServer): void {
  const routine =
    /^(SignalGate ready on |\[db\] applied migrations: |\[jobs\] background work: |\[carriers\] live: |\[messages\] pipeline: on|\[webhooks\] worker: |\[billing\] price list: |\[serve\] SIG|[✓▲] )/;
  const printed = server
    .outputTail()
    .split("\n")
    .filter((line) => line.trim() && !routine.test(line) && !CLIENT_ABORTED.test(line));
  const aborted = server.counted(CLIENT_ABORTED);
  if (aborted > 0) {
    log(
      `the server logged ${aborted} "unhandled error" lines with "Error: aborted": requests in flight when a ` +
        "slice ended, whose client went away while their body was being read (not counted in the figures)",
    );
  }
  if (printed.length > 0) log(`the server printed (last lines):\n${printed.slice(-20).join("\n")}`);
}
