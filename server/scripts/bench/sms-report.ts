import type { Settings } from "./args";
import { goal, median, P99, pairedRatio, REQ_PER_SEC, scaled, type GoalCheck, type TargetResult } from "./report";
import { BULK_SIZE, type Drain, type PipelineResult } from "./sms";

// bench.ts's SMS section (PostgreSQL only): the targets of sms-send, sms-bulk and the pipeline run,
// the waits after the SMS slices, and the lines they print.

/** The pipeline's knobs as the server reads them (their defaults when unset). */
export function pipelineSettings() {
  return {
    pollIntervalMs: Number(process.env.MESSAGE_POLL_INTERVAL_MS || 250),
    sandboxDelayMs: Number(process.env.SANDBOX_DELIVERY_DELAY_MS || 1000),
    yieldMs: Number(process.env.MESSAGE_PIPELINE_YIELD_MS || 10),
    busyShare: Number(process.env.MESSAGE_PIPELINE_BUSY_SHARE || 0.5),
  };
}
export type PipelineSettings = ReturnType<typeof pipelineSettings>;

/** The SMS targets of one phase: sms-send against the empty route, sms-bulk against sms-send. */
export function smsChecksOf(results: TargetResult[], bulkConnections: number): GoalCheck[] {
  const byName = (name: string) => results.find((r) => r.target.name === name);
  const empty = byName("empty");
  const send = byName("sms-send");
  const bulk = byName("sms-bulk");
  const invalid = "a measurement had errors, no ratio";
  const ratioGoal = (name: string, ratio: ReturnType<typeof pairedRatio>, op: "≥" | "≤", limit: number) =>
    goal(name, ratio?.ratio ?? null, op, limit, "", ratio?.detail ?? invalid);
  const bulkP50s = bulk?.slices.map((s) => s.p50Ms) ?? [];
  const bulkRequests = bulk?.slices.reduce((n, s) => n + s.requests, 0) ?? 0;
  return [
    ratioGoal("POST /sms/send req/s ÷ empty req/s", pairedRatio(send, REQ_PER_SEC, empty, REQ_PER_SEC), "≥", 0.75),
    ratioGoal("POST /sms/send p99 ÷ empty p99", pairedRatio(send, P99, empty, P99), "≤", 2),
    ratioGoal(
      `POST /sms/bulk messages/s (${bulkConnections} conn.) ÷ POST /sms/send req/s`,
      pairedRatio(bulk, scaled(REQ_PER_SEC, BULK_SIZE), send, REQ_PER_SEC),
      "≥",
      // Issue 7's 50, restated by the product owner in issue 40 for today's write (every feature's index).
      40,
    ),
    goal(
      `POST /sms/bulk p50 (${bulkConnections} conn.)`,
      bulk?.valid ? bulk.p50Ms : null,
      "≤",
      500,
      " ms",
      bulk?.valid
        ? `pooled over ${bulkRequests} requests; slice p50s ${Math.min(...bulkP50s).toFixed(0)}–` +
            `${Math.max(...bulkP50s).toFixed(0)} ms, median ${median(bulkP50s).toFixed(0)} ms; ` +
            `p99 ${bulk.p99Ms.toFixed(0)} ms`
        : invalid,
    ),
  ];
}

export function pipelineCheck(p: PipelineResult): GoalCheck {
  const s = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(2)} s`);
  const ms = (v: number | null) => (v === null ? "n/a" : `${v.toFixed(0)} ms`);
  const requests = [...p.requestMs].sort((a, b) => a - b);
  const samples = Object.entries(p.sampledStatuses)
    .map(([status, n]) => `${status} × ${n}`)
    .join(", ");
  const detail =
    `${p.requests} × POST /sms/bulk of ${BULK_SIZE} over ${p.connections} connections, all answered after ` +
    `${s(p.acceptedSeconds)} (request p50 ${ms(median(requests))}, max ${ms(requests.at(-1) ?? null)}); ` +
    `all SENT after ${s(p.allSentSeconds)}; last status written at ${s(p.lastFinalAtSeconds)} ` +
    `(last SENT at ${s(p.lastSentAtSeconds)}); per message sentAt − createdAt p50 ${ms(p.sentP50Ms)} ` +
    `p99 ${ms(p.sentP99Ms)}, deliveredAt − createdAt p50 ${ms(p.deliveredP50Ms)} p99 ${ms(p.deliveredP99Ms)}; ` +
    `${p.delivered} DELIVERED, ${p.notDelivered} not; polled every ${p.pollIntervalMs} ms; ` +
    `API status of each batch's last message: ${samples}`;
  const name = `pipeline: ${p.messages} sandbox messages, first request → all DELIVERED`;
  if (p.timedOut || p.notDelivered > 0) {
    return { ...goal(name, p.allFinalSeconds, "≤", 30, " s", detail), verdict: "FAIL" };
  }
  return goal(name, p.allFinalSeconds, "≤", 30, " s", detail);
}

export function summarizeDrains(drains: Drain[]) {
  return ["sms-send", "sms-bulk"].map((target) => {
    const mine = drains.filter((d) => d.target === target);
    const messages = mine.reduce((n, d) => n + d.backlog, 0);
    const seconds = mine.reduce((n, d) => n + d.seconds, 0);
    return { target, drains: mine.length, messages, seconds, maxSeconds: Math.max(0, ...mine.map((d) => d.seconds)) };
  });
}
export type DrainSummary = ReturnType<typeof summarizeDrains>;

/** The SMS lines of the report: throughput of the loaded phase, the pipeline's knobs, the waits. */
export function printSms(
  loaded: TargetResult[],
  s: Settings,
  settings: PipelineSettings,
  drainSummary: DrainSummary,
): void {
  const bulk = loaded.find((r) => r.target.name === "sms-bulk");
  const send = loaded.find((r) => r.target.name === "sms-send");
  console.log("");
  console.log(
    `SMS: sandbox key (sg_test_), organization rate limiting off. POST /sms/send at ${s.connections} connections: ` +
      `${send?.reqPerSec.toFixed(0)} req/s; POST /sms/bulk of ${BULK_SIZE} at ${s.bulkConnections} connections: ` +
      `${bulk?.reqPerSec.toFixed(1)} req/s = ${((bulk?.reqPerSec ?? 0) * BULK_SIZE).toFixed(0)} messages/s.`,
  );
  console.log(
    `Pipeline: in-process, poll ${settings.pollIntervalMs} ms, a pause of ${settings.yieldMs} ms between full ` +
      `rounds while a backlog lasts (MESSAGE_PIPELINE_YIELD_MS), at most ${settings.busyShare} of the time while ` +
      `API requests are served (MESSAGE_PIPELINE_BUSY_SHARE), sandbox delivery delay ` +
      `${settings.sandboxDelayMs} ms (included in deliveredAt − createdAt and in the pipeline time).`,
  );
  for (const d of drainSummary) {
    if (d.drains === 0) continue;
    console.log(
      `After the ${d.drains} ${d.target} slices (unmeasured): ${d.messages} messages left QUEUED or SENT, final ` +
        `after ${d.seconds.toFixed(1)} s in all (longest ${d.maxSeconds.toFixed(1)} s; ` +
        `${(d.messages / Math.max(d.seconds, 0.001)).toFixed(0)} messages/s, each wait including the sandbox delay).`,
    );
  }
}
