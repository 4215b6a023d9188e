// Start-up and shutdown of the production server (node server/serve.mjs, what `npm start` runs), on
// processes of this file's own (ports E2E_PORT+13, +14 and +15): invalid configuration never
// listens, SIGTERM under load cuts no request and loses no message, and `npm start` exits only once
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

const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
const FAIL_FAST_PORT = BASE_PORT + 13;
const SHUTDOWN_PORT = BASE_PORT + 14;
const NPM_PORT = BASE_PORT + 15;

const FINAL = ["DELIVERED", "FAILED", "UNDELIVERED"];

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

test("SIGTERM during 150 concurrent sends: each answered whole or refused, none cut; every 202 ends after a restart", async ({
  request,
}) => {
  test.setTimeout(240_000);
  // On the PostgreSQL of `npm test` when there is one, otherwise a PGlite directory both lives share.
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const dataDir = databaseUrl ? undefined : mkdtempSync(path.join(os.tmpdir(), "sg-shutdown-"));
  try {
    const env = productionEnv(SHUTDOWN_PORT, {
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir ?? "memory://",
      // Longer than the default: on PGlite the 150 sends keep the event loop so busy that a connection
      // can wait seconds to be accepted, and one still waiting when the drain ends is reset by the
      // kernel (a load balancer has stopped sending by then; this test's probes have not).
      SHUTDOWN_DRAIN_MS: "10000",
      SANDBOX_DELIVERY_DELAY_MS: "200",
    });
    const base = `http://127.0.0.1:${SHUTDOWN_PORT}`;
    const first = start(SHUTDOWN_PORT, env);
    await whenReady(first);

    // An account whose sandbox key may send 150 at once (rate limiting off for its organization).
    const email = `shutdown-${Date.now().toString(36)}@example.test`;
    const password = "correct horse battery";
    expect(
      (
        await request.post(`${base}/api/v1/auth/register`, { data: { email, password, organizationName: "Shutdown" } })
      ).status(),
    ).toBe(201);
    const { accessToken } = await (
      await request.post(`${base}/api/v1/auth/token`, { data: { email, password } })
    ).json();
    const manage = { authorization: `Bearer ${accessToken}` };
    const keyRes = await request.post(`${base}/api/v1/developer/api-keys`, {
      headers: manage,
      data: { name: "shutdown", environment: "test", permissions: ["sms.send", "sms.read"] },
    });
    expect(keyRes.status()).toBe(201);
    const { rawKey } = await keyRes.json();
    const off = await request.patch(`${base}/api/v1/developer/rate-limits`, {
      headers: manage,
      data: { enabled: false },
    });
    expect(off.status()).toBe(200);

    const headers = { authorization: `Bearer ${rawKey}`, "content-type": "application/json" };
    const send = (body: string, hold = false) =>
      rawRequest(SHUTDOWN_PORT, "POST", "/api/v1/sms/send", {
        headers,
        body: JSON.stringify({ to: "+14155550123", body }),
        hold,
      });
    // One send still uploading its body when the server stops accepting: it must be finished, not cut.
    const slow = send("still uploading", true);
    await slow.written;
    const sends = Array.from({ length: 150 }, (_, i) => send(`shutdown ${i}`));
    await Promise.all(sends.map((s) => s.written));

    first.kill("SIGTERM");
    // From the moment the process says so: not ready, yet still serving, and every answer says close.
    await expect.poll(() => first.output().includes("[serve] SIGTERM"), { timeout: 10_000 }).toBe(true);
    const probes = Promise.all([
      rawRequest(SHUTDOWN_PORT, "GET", "/api/health").done,
      rawRequest(SHUTDOWN_PORT, "GET", "/api/health/live").done,
    ]);
    const outcomes = await Promise.all(sends.map((s) => s.done));

    // Each send: a whole answer (202, or 429 if limited) or a refused connection; never a reset.
    const summary = (o: Outcome) => (o.kind === "answer" ? String(o.status) : o.code);
    const bad = outcomes.filter(
      (o) => !(o.kind === "answer" ? [202, 429].includes(o.status) : o.code === "ECONNREFUSED"),
    );
    expect(bad.map(summary), first.output()).toEqual([]);

    const [health, live] = await probes;
    expect(health, JSON.stringify(health)).toMatchObject({
      kind: "answer",
      status: 503,
      headers: { connection: "close" },
    });
    expect(JSON.parse((health as Extract<Outcome, { kind: "answer" }>).body)).toMatchObject({
      reason: "shutting_down",
    });
    expect(live, JSON.stringify(live)).toMatchObject({ kind: "answer", status: 200, headers: { connection: "close" } });

    // The drain is over once nothing new is accepted; the held request is still open and is answered.
    await expect.poll(() => connectionRefused(SHUTDOWN_PORT), { timeout: 30_000, intervals: [100] }).toBe(true);
    slow.finish();
    const slowOutcome = await slow.done;
    expect(slowOutcome).toMatchObject({ kind: "answer", status: 202, headers: { connection: "close" } });
    expect(await first.exited, first.output()).toBe(0);

    const accepted = [...outcomes, slowOutcome]
      .filter((o): o is Extract<Outcome, { kind: "answer" }> => o.kind === "answer" && o.status === 202)
      .map((o) => JSON.parse(o.body).messageId as string);
    expect(accepted.length).toBeGreaterThan(1);

    // After a restart on the same database every accepted message reaches a final status.
    const second = start(SHUTDOWN_PORT, env);
    await whenReady(second);
    const statusOf = async (id: string) =>
      (
        await (
          await request.get(`${base}/api/v1/sms/${id}/status`, { headers: { authorization: headers.authorization } })
        ).json()
      ).status as string;
    let open = accepted;
    await expect
      .poll(
        async () => {
          const statuses = await Promise.all(open.map(async (id) => ({ id, status: await statusOf(id) })));
          open = statuses.filter((s) => !FINAL.includes(s.status)).map((s) => s.id);
          return open.length;
        },
        { timeout: 60_000, intervals: [500] },
      )
      .toBe(0);

    second.kill("SIGINT");
    expect(await second.exited, second.output()).toBe(0);
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
    const health = await rawRequest(NPM_PORT, "GET", "/api/health").done;
    expect(health, npm.output()).toMatchObject({ kind: "answer", status: 503 });
    expect(npmExited).toBe(false);

    const code = await npm.exited;
    // At the moment npm is gone, nothing of the service listens any more…
    expect(await connectionRefused(NPM_PORT), npm.output()).toBe(true);
    // …because the server had finished: its last words are in npm's output, and npm's status is its own.
    await expect.poll(() => npm.output().includes("[serve] stopped"), { timeout: 2_000 }).toBe(true);
    expect(code, npm.output()).toBe(0);
  });
}
