import { log, type Settings } from "./args";
import type { CpuMeter } from "./cpu";
import { onCleanup } from "./lifecycle";
import type { Target } from "./measure";
import { summarize, type TargetResult } from "./report";
import { measurePhase, type Phase } from "./schedule";
import type { Seed } from "./seed";
import { BULK_SIZE, MessageCounter, smsTargets, type Drain } from "./sms";

// bench.ts's routes: the compared ones (and, on PostgreSQL, the SMS ones with their unmeasured
// waits), auth/token, the request to each before any load, and a phase over them, interleaved
// (bench/schedule.ts).

export interface Routes {
  compared: Target[];
  token: Target;
  /** PostgreSQL only: the messages table, read directly. */
  counter: MessageCounter | undefined;
  drains: Drain[];
  /** Waits, unmeasured, until the SMS organization's messages are all final (needs `counter`). */
  settle: (target: string) => Promise<void>;
}

export function benchRoutes(account: Seed, databaseUrl: string | undefined, s: Settings): Routes {
  const auth = { authorization: `Bearer ${account.apiKey}` };
  const compared: Target[] = [
    { name: "empty", method: "GET", path: "/api/bench/empty" },
    { name: "health", method: "GET", path: "/api/health" },
    { name: "key-noop", method: "GET", path: "/api/bench/key-noop", headers: auth },
    { name: "key-limited", method: "GET", path: "/api/bench/key-limited", headers: auth },
  ];

  // The SMS routes need the messages table read directly (drains, pipeline): PostgreSQL only.
  const counter = databaseUrl ? new MessageCounter(databaseUrl) : undefined;
  if (counter) onCleanup(() => counter.close());
  const drains: Drain[] = [];
  const smsOrganization = account.sms.organizationId;
  const settle = async (target: string) => {
    const drained = await counter!.drain(smsOrganization, s.drainTimeoutMs);
    drains.push({ target, ...drained });
    if (drained.backlog > 0) {
      log(`  settled ${target}: ${drained.backlog} pending messages final after ${drained.seconds.toFixed(1)} s`);
    }
  };
  if (counter) compared.push(...smsTargets(account.sms.apiKey, s.bulkConnections, settle));
  else log("SMS routes and the message pipeline: skipped (they need PostgreSQL: run `npm run bench`)");
  const token: Target = {
    name: "auth-token",
    method: "POST",
    path: "/api/v1/auth/token",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: account.email, password: account.password }),
    informational: true,
  };
  return { compared, token, counter, drains, settle };
}

/** A request to each before any load: a wrong setup fails in a second, not after minutes. */
export async function preflight(baseUrl: string, routes: Routes): Promise<void> {
  for (const t of [...routes.compared, routes.token]) {
    const res = await fetch(`${baseUrl}${t.path}`, { method: t.method, headers: t.headers, body: t.body });
    const text = await res.text();
    if (!res.ok) throw new Error(`${t.method} ${t.path} answered ${res.status}: ${text.slice(0, 300)}`);
    if (t.name === "sms-bulk") {
      const bulk = JSON.parse(text) as { accepted?: number; rejected?: number };
      if (bulk.accepted !== BULK_SIZE || bulk.rejected !== 0) {
        throw new Error(
          `POST /api/v1/sms/bulk accepted ${bulk.accepted} and rejected ${bulk.rejected} of ${BULK_SIZE}`,
        );
      }
    }
    if (t.name === "sms-send") {
      const { messageId } = JSON.parse(text) as { messageId: string };
      const status = await fetch(`${baseUrl}/api/v1/sms/${messageId}/status`, { headers: t.headers });
      if (!status.ok) throw new Error(`GET /api/v1/sms/:id/status answered ${status.status}: ${await status.text()}`);
    }
  }
  if (routes.counter) await routes.settle("preflight");
}

/** One phase over the compared routes, each measured in interleaved slices; results in route order. */
export async function runPhase(
  baseUrl: string,
  compared: Target[],
  label: string,
  phaseConnections: number,
  s: Settings,
  meter: CpuMeter,
): Promise<TargetResult[]> {
  const phase: Phase = {
    label,
    connections: phaseConnections,
    rounds: s.rounds,
    sliceSeconds: s.sliceSeconds,
    warmupSeconds: s.warmupSeconds,
  };
  const measured = await measurePhase(baseUrl, compared, phase, meter, log);
  return compared.map((t) => {
    const m = measured.get(t.name)!;
    return summarize(t, m.slices, m.latencies);
  });
}
