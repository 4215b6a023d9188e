import { goal, median, type GoalCheck } from "./report";
import { GROUP_GAP_MS, type DeliveryRows, type LatencySummary, type WebhookBenchResult } from "./webhooks";

// The webhook bench's targets and informational lines (bench/webhooks.ts measures them).

const ms = (v: number) => (Number.isFinite(v) ? `${v.toFixed(0)} ms` : "n/a");
const latencyText = (l: LatencySummary) =>
  `p50 ${ms(l.p50Ms)}, p90 ${ms(l.p90Ms)}, p99 ${ms(l.p99Ms)}, max ${ms(l.maxMs)} over ${l.events} events`;
const rowsText = (r: DeliveryRows) =>
  `${r.succeeded}/${r.total} deliveries SUCCEEDED` +
  (r.pending + r.other > 0 ? ` (${r.pending} PENDING, ${r.other} other)` : "") +
  `, ${r.retried} with more than one attempt`;
const attemptText = (r: DeliveryRows) =>
  r.attemptP50Ms === null ? "n/a" : `p50 ${ms(r.attemptP50Ms)}, p99 ${ms(r.attemptP99Ms ?? Number.NaN)}`;

/** The targets: deliveries/s (median of the bursts), low-rate latency p50, no duplicates. */
export function webhookChecks(r: WebhookBenchResult): GoalCheck[] {
  const rates = r.bursts.map((b) => b.deliveriesPerSecond);
  const complete = rates.every((v) => v !== null);
  const events = r.bursts[0]?.events ?? 0;
  const burstDetail = r.bursts
    .map(
      (b, i) =>
        `run ${i + 1}: ` +
        (b.seconds === null
          ? `timed out, ${b.received}/${b.events} received`
          : `${b.deliveriesPerSecond!.toFixed(0)}/s`) +
        ` (${b.seconds === null ? "—" : `${b.seconds.toFixed(2)} s`}; INSERT ${b.insertMs.toFixed(0)} ms; ` +
        `first arrival after ${ms(b.firstArrivalMs)}` +
        (b.serverCpuMsPerDelivery === null
          ? ""
          : `; CPU ms/delivery server ${b.serverCpuMsPerDelivery.toFixed(3)}` +
            (b.databaseCpuMsPerDelivery === null ? "" : `, db ${b.databaseCpuMsPerDelivery.toFixed(3)}`)) +
        `; ${rowsText(b.rows)})`,
    )
    .join("; ");
  const rateCheck = goal(
    `webhooks: deliveries/s, ${events.toLocaleString("en")} outbox events (one commit) → local receiver, one server process`,
    complete ? median(rates as number[]) : null,
    "≥",
    500,
    "/s",
    `median of ${r.bursts.length} runs; ${burstDetail}`,
  );
  const low = r.lowRate;
  const lowCheck = goal(
    `webhooks: event committed → first attempt p50, low rate (${low.events} events, one INSERT every ${low.gapMs} ms)`,
    low.timedOut ? null : low.latency.p50Ms,
    "<",
    1000,
    " ms",
    `judged at low rate: under a burst the p50 is time spent queued; ${latencyText(low.latency)}; committed over ` +
      `${low.spanMs.toFixed(0)} ms; worker poll interval ${r.pollIntervalMs} ms (events committed by another ` +
      `process are found by polling); ${rowsText(low.rows)}`,
  );
  const dupCheck = goal(
    "webhooks: events received more than once",
    r.duplicateEvents,
    "≤",
    0,
    " events",
    `${r.events.toLocaleString("en")} events, ${r.requests.toLocaleString("en")} requests received; ` +
      `${r.duplicateRequests} surplus requests; ${r.requestsWithoutId} without X-Webhook-Id; ` +
      `${r.unexpectedRequests} for events the bench did not commit`,
  );
  return [
    complete ? rateCheck : { ...rateCheck, verdict: "FAIL" },
    low.timedOut ? { ...lowCheck, verdict: "FAIL" } : lowCheck,
    { ...dupCheck, digits: 0 },
  ];
}

/** Informational lines: commit → first attempt under the bursts (queueing), the low rate's p99. */
export function webhookInfo(r: WebhookBenchResult): string[] {
  const p50s = r.bursts.map((b) => b.latency.p50Ms);
  const p99s = r.bursts.map((b) => b.latency.p99Ms);
  return [
    `commit → first attempt under a burst of ${(r.bursts[0]?.events ?? 0).toLocaleString("en")} (queueing ` +
      `included; informational): p50 ${ms(median(p50s))}, p99 ${ms(median(p99s))} (median over runs; per run ` +
      r.bursts.map((b) => `p50 ${ms(b.latency.p50Ms)} p99 ${ms(b.latency.p99Ms)}`).join(", ") +
      ")",
    `commit → first attempt at low rate: ${latencyText(r.lowRate.latency)}`,
    ...r.bursts.map(
      (b, i) =>
        `burst ${i + 1}: arrivals in ${b.arrivals.groups} groups (< ${GROUP_GAP_MS} ms apart inside; median ` +
        `${b.arrivals.medianSize}, max ${b.arrivals.maxSize} deliveries), one every ${ms(b.arrivals.medianPeriodMs)} ` +
        `(median); the worker's HTTP attempt ${attemptText(b.rows)}; every outcome recorded ` +
        `${b.recordedSeconds === null ? "n/a" : `${b.recordedSeconds.toFixed(2)} s`} after the commit`,
    ),
  ];
}
