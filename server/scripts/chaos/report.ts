import type { RequestRecord } from "./load";
import type { ChaosSettings } from "./settings";
import type { Figures } from "./verify";

// The chaos run's printed report: the figures on stdout, then either PASS or every failure with a
// few examples.

const pct = (part: number, whole: number) => (whole === 0 ? "0 %" : `${((part / whole) * 100).toFixed(1)} %`);
const list = (r: Record<string, number>) =>
  Object.entries(r)
    .sort()
    .map(([k, v]) => `${k} ${v}`)
    .join(", ") || "none";

/** Min, median and max of sorted seconds. */
function gaps(sorted: number[], high?: number): string {
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(high ? 3 : 1);
  const extra = high ? `, p${high * 100} ${at(high)} s` : "";
  return `min ${at(0)} s, median ${at(0.5)} s${extra}, max ${at(1)} s`;
}

function describeRequest(r: RequestRecord, startedAt: number): string {
  const at = ((r.start - startedAt) / 1000).toFixed(2);
  const took = r.end - r.start;
  return `  t=${at} s ${r.kind} → ${r.target}${r.retry ? " (retry)" : ""}, ${took} ms: ${r.status ?? ""} ${r.error ?? ""}`;
}

export function printReport(s: ChaosSettings, f: Figures, problems: string[], startedAt: number): void {
  const lines = [
    "",
    `chaos: ${s.seconds} s of load at ${s.rate} requests/s over two processes (organization cap ` +
      `${s.capPerMinute}/min: the load is twice it), a SIGKILL every ${s.killEverySeconds} s, the receiver ` +
      `failing ${s.failPercent} % of webhook requests`,
    "",
    `requests      ${f.requests} (${f.retries} second tries after no answer)`,
    `202s          ${f.accepted}`,
    `429s          ${f.rateLimited} (${f.rateLimitedWithoutRetryAfter} without Retry-After)`,
    `other 4xx     ${list(f.otherClientErrors)}`,
    `5xx           ${f.serverErrors} (${f.serverErrorsOutsideKillWindows.length} outside kill windows)`,
    `no answer     ${f.transportErrors} (${f.transportErrorsOutsideKillWindows.length} outside kill windows)`,
    `kills         ${f.kills} (down ${f.killWindowSeconds.map((x) => x.toFixed(1)).join(", ") || "-"} s)`,
    `messages      ${f.acceptedMessages} accepted in 202s, ${f.messagesInDatabase} in the database: ` +
      list(f.messageStatuses),
    `events        ${f.events} committed; deliveries rows: ${list(f.deliveryStatuses)}`,
    `deliveries    ${f.deliveries} requests at the receiver (${f.deliveriesFailedOnPurpose} answered 500 on ` +
      `purpose, ${f.deliveriesRejected} rejected)`,
    `duplicates    ${f.duplicates} events answered 2xx more than once (${pct(f.duplicates, f.events)})` +
      (f.duplicates > 0 ? `; first → second 2xx ${gaps(f.duplicateGaps)}` : "") +
      (f.duplicateKillLags.length > 0 ? `; first 2xx − nearest SIGKILL ${gaps(f.duplicateKillLags)}` : ""),
    `2xx → record  ${f.recordLags.length > 0 ? gaps(f.recordLags, 0.99) : "-"} (the window a SIGKILL turns into a duplicate)`,
    `lost          ${f.lostMessages.length + f.unfinishedOtherMessages.length} messages, ${f.lostEvents.length} events`,
    `aggregates    ${f.aggregateMismatches.length === 0 ? "equal a recount of the messages (hourly; daily from hourly)" : `${f.aggregateMismatches.length} hour(s) or day(s) differ from a recount`}`,
    `drain         ${f.drain.seconds === null ? "timed out" : `${f.drain.seconds.toFixed(1)} s`}`,
    f.outage
      ? `outage        PostgreSQL stopped ${f.outage.seconds.toFixed(1)} s: ${f.outage.during} answers during it, ` +
        `${f.outage.wrongAnswers.length} not 503 with Retry-After; first answer from the database (202 or 429) ` +
        `${f.outage.recoverySeconds === null ? "never" : `${f.outage.recoverySeconds.toFixed(1)} s`} after the restart`
      : "outage        none (CHAOS_OUTAGE_SECONDS=0, or a PostgreSQL server this run did not start)",
    "",
  ];
  console.log(lines.join("\n"));
  if (problems.length === 0) {
    console.log("chaos: PASS");
    return;
  }
  console.log("chaos: FAIL");
  for (const p of problems) console.log(`  - ${p}`);
  const examples: [string, string[]][] = [
    ["messages without a final status", [...f.lostMessages, ...f.unfinishedOtherMessages]],
    ["events never received", f.lostEvents],
    ["unknown events", f.unknownEvents],
  ];
  for (const [what, ids] of examples) if (ids.length > 0) console.log(`${what}: ${ids.slice(0, 10).join(", ")}`);
  const requests = [
    ...f.serverErrorsOutsideKillWindows,
    ...f.transportErrorsOutsideKillWindows,
    ...(f.outage?.wrongAnswers ?? []),
  ];
  if (requests.length > 0) {
    console.log("failed requests outside kill windows:");
    for (const r of requests.slice(0, 10)) console.log(describeRequest(r, startedAt));
  }
}
