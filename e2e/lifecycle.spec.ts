// Start-up and shutdown of the production server (node server/serve.mjs, what `npm start` runs), on
// processes of this file's own (ports E2E_PORT+13, +14 and +15): invalid configuration never
// listens, SIGTERM under load resets no connection and loses no message, and `npm start` exits only once
// the server it started has drained and stopped, whichever way the signal arrives.
import { expect, test } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  connectionRefused,
  productionEnv,
  rawRequest,
  spawnServer,
  whenReady,
  type Outcome,
  type ServerProcess,
} from "./server-process";
import { runShutdownRounds } from "./shutdown-rounds";

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const FAIL_FAST_PORT = BASE_PORT + 13;
const SHUTDOWN_PORT = BASE_PORT + 14;
const NPM_PORT = BASE_PORT + 15;

let started: ServerProcess[] = [];
test.afterEach(async () => {
  // Whatever a failed test left running; `npm start` ran in a process group of its own.
  for (const server of started) {
    server.kill("SIGKILL");
    await server.exited;
    try {
      process.kill(-server.pid, "SIGKILL");
    } catch {
      // no such group: it was a plain node process, or everything in it has ended
    }
  }
  started = [];
});

function start(port: number, env: NodeJS.ProcessEnv, via: "node" | "npm" = "node"): ServerProcess {
  const server = spawnServer(port, env, via);
  started.push(server);
  return server;
}

test("invalid configuration: exits non-zero before listening, one line per bad variable", async () => {
  test.setTimeout(60_000);
  const env = productionEnv(FAIL_FAST_PORT, {
    AUTH_SECRET: undefined,
    DATA_DIR: "memory://",
    SHUTDOWN_DRAIN_MS: "-1",
    ACCESS_TOKEN_TTL_SECONDS: "soon",
  });
  const server = start(FAIL_FAST_PORT, env);
  const code = await server.exited;
  const output = server.output();
  expect(code, output).not.toBe(0);
  expect(output).not.toContain("ready");
  // One line per bad variable, and no stack trace to dig through.
  const problems = output
    .split("\n")
    .filter((line) => /^\s+[A-Z_]+: /.test(line))
    .map((line) => line.trim().split(":")[0])
    .sort();
  expect(problems, output).toEqual(["ACCESS_TOKEN_TTL_SECONDS", "AUTH_SECRET", "SHUTDOWN_DRAIN_MS"]);
  expect(output).not.toMatch(/^\s+at /m);
  expect(await connectionRefused(FAIL_FAST_PORT)).toBe(true);
});

// Issue 37 §5: the acceptance's scenario (e2e/shutdown-rounds.ts), E2E_SHUTDOWN_ROUNDS rounds (3; the
// bench's `--only shutdown` runs 20) on one database, under the CPU load of a busy child process.
const ROUNDS = Number(process.env.E2E_SHUTDOWN_ROUNDS ?? 3);

test(`SIGTERM to npm start's group 60 ms into 150 sends, ${ROUNDS} rounds under CPU load: none reset, every 202 ends after the restart`, async () => {
  test.setTimeout(60_000 + ROUNDS * 60_000);
  // On the PostgreSQL of `npm test` when there is one, otherwise a PGlite directory every round shares.
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), "sg-shutdown-"));
  try {
    const env = productionEnv(SHUTDOWN_PORT, {
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir ?? "memory://",
      SHUTDOWN_DRAIN_MS: "1000",
      SANDBOX_DELIVERY_DELAY_MS: "200",
    });
    const reports = await runShutdownRounds({
      port: SHUTDOWN_PORT,
      rounds: ROUNDS,
      env,
      started,
      log: (r) =>
        console.log(
          `round ${r.round}: ready after ${r.readyMs} ms, ${JSON.stringify(r.outcomes)}, exit ${r.exitCode}, ` +
            `${r.unfinishedAfterRestart} of ${r.accepted} accepted not final after the restart`,
        ),
    });
    expect(reports).toHaveLength(ROUNDS);
    for (const r of reports) {
      // Each send: a whole answer (202, or 429 if limited) or a refused connection; never a reset.
      expect(r.bad, r.output).toEqual([]);
      expect(r.exitCode, r.output).toBe(0);
      expect(r.unfinishedAfterRestart).toBe(0);
    }
    expect(reports.reduce((n, r) => n + r.accepted, 0)).toBeGreaterThan(ROUNDS);

    // A send still uploading its body when the server stops accepting is finished, not cut.
    expect(reports[0]!.slow).toMatchObject({ kind: "answer", status: 202, headers: { connection: "close" } });
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
});

// A container runtime signals the process it started (here npm, PID 1) alone; a process manager
// or a terminal may signal the whole group. Either way npm must outlive the server's drain, leave
// nothing listening, and exit with the server's status.
for (const target of ["npm alone", "the whole process group"] as const) {
  test(`npm start, SIGTERM to ${target}: npm exits after the server drained and stopped, with its status`, async () => {
    test.setTimeout(120_000);
    const npm = start(NPM_PORT, productionEnv(NPM_PORT, { DATA_DIR: "memory://", SHUTDOWN_DRAIN_MS: "3000" }), "npm");
    await whenReady(npm);
    let npmExited = false;
    void npm.exited.then(() => (npmExited = true));

    process.kill(target === "npm alone" ? npm.pid : -npm.pid, "SIGTERM");
    // The server heard it and drains: not ready, still answering, and npm is still there.
    await expect.poll(() => npm.output().includes("[serve] SIGTERM"), { timeout: 10_000 }).toBe(true);
    // Not ready, yet still serving, and every answer says close.
    const [health, live] = await Promise.all([
      rawRequest(NPM_PORT, "GET", "/api/health").done,
      rawRequest(NPM_PORT, "GET", "/api/health/live").done,
    ]);
    expect(health, npm.output()).toMatchObject({ kind: "answer", status: 503, headers: { connection: "close" } });
    expect(JSON.parse((health as Extract<Outcome, { kind: "answer" }>).body)).toMatchObject({
      reason: "shutting_down",
    });
    expect(live, npm.output()).toMatchObject({ kind: "answer", status: 200, headers: { connection: "close" } });
    expect(npmExited).toBe(false);

    const code = await npm.exited;
    // At the moment npm is gone, nothing of the service listens any more…
    expect(await connectionRefused(NPM_PORT), npm.output()).toBe(true);
    // …because the server had finished: its last words are in npm's output, and npm's status is its own.
    await expect.poll(() => npm.output().includes("[serve] stopped"), { timeout: 2_000 }).toBe(true);
    expect(code, npm.output()).toBe(0);
  });
}
