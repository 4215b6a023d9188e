// Issue 37 §5's scenario, round after round on one database, for e2e/lifecycle.spec.ts (a few rounds)
// and the bench's `--only shutdown` (the acceptance's 20): `npm start` in a process group of its
// own; 150 single sends, one every 2 ms, and SIGTERM to the whole group 60 ms in; each send must get
// a whole answer or a refused connection, never a reset; the server must exit 0; and after the
// restart that begins the next round, every message answered 202 must reach a final status. A busy
// child process adds CPU load: a server slower to accept than clients are to connect is what left
// connections in the kernel's queue when it stopped listening.
import { spawn } from "node:child_process";
import {
  connectionRefused,
  rawRequest,
  spawnServer,
  whenReady,
  type Outcome,
  type ServerProcess,
} from "./server-process";

export const SENDS = 150;
const SEND_GAP_MS = 2;
const SIGTERM_AFTER_MS = 60;
const FINAL = ["DELIVERED", "FAILED", "UNDELIVERED"];

export interface RoundReport {
  round: number;
  /** From spawning `npm start` to "SignalGate ready". */
  readyMs: number;
  /** Answers by status, errors by code. */
  outcomes: Record<string, number>;
  /** Sends that got anything but a whole answer or a refused connection (acceptable()). */
  bad: string[];
  exitCode: number | string;
  accepted: number;
  /** Of those, not final a minute after the restart that began the next round. */
  unfinishedAfterRestart: number;
  output: string;
  /** The first round also sends one request whose body is still uploading when the server stops accepting. */
  slow?: Outcome;
}

export interface RoundsOptions {
  port: number;
  rounds: number;
  env: NodeJS.ProcessEnv;
  /** Every server started, so the caller can kill what a failure left running. */
  started: ServerProcess[];
  log?: (report: RoundReport) => void;
}

async function json(res: Response): Promise<Record<string, unknown>> {
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** An account whose sandbox key may send 150 at once (rate limiting off for its organization). */
async function seedKey(base: string): Promise<string> {
  const email = `shutdown-${Date.now().toString(36)}@example.test`;
  const password = "correct horse battery";
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  await json(await post("/api/v1/auth/register", { email, password, organizationName: "Shutdown" }));
  const { accessToken } = await json(await post("/api/v1/auth/token", { email, password }));
  const manage = { authorization: `Bearer ${accessToken as string}` };
  const { rawKey } = await json(
    await post(
      "/api/v1/developer/api-keys",
      { name: "shutdown", environment: "test", permissions: ["sms.send", "sms.read"] },
      manage,
    ),
  );
  await json(
    await fetch(`${base}/api/v1/developer/rate-limits`, {
      method: "PATCH",
      headers: { "content-type": "application/json", ...manage },
      body: JSON.stringify({ enabled: false }),
    }),
  );
  return rawKey as string;
}

/** Waits (up to `timeoutMs`) until every message is final; answers how many are not. */
async function unfinished(base: string, key: string, ids: string[], timeoutMs: number): Promise<number> {
  let open = ids;
  for (const giveUpAt = Date.now() + timeoutMs; open.length > 0 && Date.now() < giveUpAt;) {
    const statuses = await Promise.all(
      open.map(async (id) => {
        const res = await fetch(`${base}/api/v1/sms/${id}/status`, { headers: { authorization: `Bearer ${key}` } });
        return { id, status: ((await res.json()) as { status?: string }).status };
      }),
    );
    open = statuses.filter((s) => !FINAL.includes(s.status ?? "")).map((s) => s.id);
    if (open.length > 0) await new Promise((r) => setTimeout(r, 500));
  }
  return open.length;
}

const describeOutcome = (o: Outcome) => (o.kind === "answer" ? String(o.status) : o.code);

/**
 * A whole answer (202; 429 if limited; 503 with Retry-After from an instance past its drain, which
 * answers what it had not reached yet at once so the client retries elsewhere) or a refused
 * connection. Never a reset, nor an answer cut short.
 */
function acceptable(o: Outcome): boolean {
  if (o.kind === "error") return o.code === "ECONNREFUSED";
  if (o.status === 503) return o.headers["retry-after"] !== undefined && o.headers.connection === "close";
  return o.status === 202 || o.status === 429;
}

/** One round: the sends, SIGTERM to the group 60 ms in, the outcomes (and, in the first, the held send's). */
async function sendAndStop(port: number, server: ServerProcess, key: string, round: number) {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  const send = (body: string, hold = false) =>
    rawRequest(port, "POST", "/api/v1/sms/send", { headers, body: JSON.stringify({ to: "+14155550123", body }), hold });
  const slow = round === 0 ? send("still uploading", true) : undefined;
  await slow?.written;
  const sends: Promise<Outcome>[] = [];
  const started = performance.now();
  let signalled = false;
  for (let i = 0; i < SENDS; i++) {
    if (!signalled && performance.now() - started >= SIGTERM_AFTER_MS) {
      process.kill(-server.pid, "SIGTERM");
      signalled = true;
    }
    sends.push(send(`shutdown ${round}.${i}`).done);
    await new Promise((r) => setTimeout(r, SEND_GAP_MS));
  }
  if (!signalled) process.kill(-server.pid, "SIGTERM");
  if (slow) {
    // The drain is over once nothing new is accepted; the held request is still open and is answered.
    while (!(await connectionRefused(port))) await new Promise((r) => setTimeout(r, 100));
    slow.finish();
  }
  const outcomes = await Promise.all(sends);
  const slowOutcome = await slow?.done;
  if (slowOutcome) outcomes.push(slowOutcome);
  return { outcomes, slow: slowOutcome, exitCode: await server.exited };
}

/** Runs the rounds, and the restart that checks the last one's messages; reports each round. */
export async function runShutdownRounds(options: RoundsOptions): Promise<RoundReport[]> {
  const base = `http://127.0.0.1:${options.port}`;
  const burn = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  const reports: RoundReport[] = [];
  let key: string | undefined;
  let previousIds: string[] = [];
  try {
    for (let round = 0; ; round++) {
      const spawnedAt = Date.now();
      const server = spawnServer(options.port, options.env, "npm");
      options.started.push(server);
      await whenReady(server);
      const readyMs = Date.now() - spawnedAt;
      key ??= await seedKey(base);
      const last = reports.at(-1);
      if (last) {
        last.unfinishedAfterRestart = await unfinished(base, key, previousIds, 60_000);
        options.log?.(last);
      }
      if (round === options.rounds) {
        process.kill(-server.pid, "SIGINT");
        await server.exited;
        break;
      }
      const { outcomes, slow, exitCode } = await sendAndStop(options.port, server, key, round);
      const tally: Record<string, number> = {};
      for (const o of outcomes) tally[describeOutcome(o)] = (tally[describeOutcome(o)] ?? 0) + 1;
      previousIds = outcomes
        .filter((o): o is Extract<Outcome, { kind: "answer" }> => o.kind === "answer" && o.status === 202)
        .map((o) => (JSON.parse(o.body) as { messageId: string }).messageId);
      reports.push({
        round,
        readyMs,
        outcomes: tally,
        bad: outcomes.filter((o) => !acceptable(o)).map(describeOutcome),
        exitCode,
        accepted: previousIds.length,
        unfinishedAfterRestart: 0,
        output: server.output(),
        slow,
      });
    }
  } finally {
    burn.kill("SIGKILL");
  }
  return reports;
}
