import { ChaosDatabase, FINAL_STATUSES, type Backlog } from "./database";
import type { RequestRecord } from "./load";
import { inOutage, outageFigures, type OutageFigures, type OutageWindow } from "./outage";
import type { ChaosReceiver } from "./receiver";
import type { ChaosAccount } from "./seed";
import type { KillWindow, Supervisor } from "./supervisor";

// The end of a chaos run: the drain (both processes alive, until every message is final and every
// committed event has been answered 2xx by the receiver, or the timeout), then the figures and the
// checks that fail the run.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FINAL = new Set<string>(FINAL_STATUSES);

export interface DrainResult {
  /** Seconds from the end of the load until nothing was left; null when the timeout came first. */
  seconds: number | null;
  backlog: Backlog;
  /** Committed events not yet answered 2xx when the drain ended. */
  eventsNotReceived: number;
}

export async function drain(
  db: ChaosDatabase,
  account: ChaosAccount,
  receiver: ChaosReceiver,
  timeoutMs: number,
  log: (m: string) => void,
): Promise<DrainResult> {
  const started = Date.now();
  let lastLog = started;
  for (;;) {
    const backlog = await db.backlog(account.organizationId, account.webhookId);
    const events = await db.events(account.organizationId);
    let eventsNotReceived = 0;
    for (const id of events.keys()) if (!(receiver.events.get(id)?.ok ?? 0)) eventsNotReceived++;
    const done =
      backlog.unfinishedMessages === 0 &&
      backlog.undispatchedEvents === 0 &&
      backlog.openDeliveries === 0 &&
      eventsNotReceived === 0;
    if (done) return { seconds: (Date.now() - started) / 1000, backlog, eventsNotReceived };
    if (Date.now() - started > timeoutMs) return { seconds: null, backlog, eventsNotReceived };
    if (Date.now() - lastLog >= 10_000) {
      lastLog = Date.now();
      log(
        `drain: ${backlog.unfinishedMessages} messages not final, ${backlog.undispatchedEvents} events not relayed, ` +
          `${backlog.openDeliveries} deliveries open, ${eventsNotReceived} events not yet received ` +
          `(${((Date.now() - started) / 1000).toFixed(0)} s)`,
      );
    }
    await sleep(500);
  }
}

export interface Figures {
  requests: number;
  /** Second tries, on the other process, of requests that got no answer. */
  retries: number;
  accepted: number;
  rateLimited: number;
  rateLimitedWithoutRetryAfter: number;
  /** Other 4xx answers, by status. */
  otherClientErrors: Record<string, number>;
  serverErrors: number;
  serverErrorsOutsideKillWindows: RequestRecord[];
  transportErrors: number;
  transportErrorsOutsideKillWindows: RequestRecord[];
  kills: number;
  /** Seconds from each SIGKILL until the restarted process answered health. */
  killWindowSeconds: number[];
  /** Messages named by 202 answers. */
  acceptedMessages: number;
  messagesInDatabase: number;
  messageStatuses: Record<string, number>;
  /** 202 messages without a final status (or missing from the database). */
  lostMessages: string[];
  /** Other messages of the organization (their 202 never reached the client) without a final status. */
  unfinishedOtherMessages: string[];
  events: number;
  deliveryRows: number;
  deliveryStatuses: Record<string, number>;
  /** HTTP requests at the receiver. */
  deliveries: number;
  deliveriesFailedOnPurpose: number;
  /** Requests whose signature or id did not check out. */
  deliveriesRejected: number;
  /** Event ids answered 2xx more than once. */
  duplicates: number;
  duplicateRatio: number;
  /** Seconds from the first 2xx of a duplicated event to its second, sorted. */
  duplicateGaps: number[];
  /** Seconds from the nearest SIGKILL to the first 2xx of each duplicated event (negative: before it), sorted. */
  duplicateKillLags: number[];
  /**
   * Seconds from the receiver's 2xx to the outcome's record (events answered 2xx once), sorted: a
   * SIGKILL in between makes a duplicate once the delivery's lease expires.
   */
  recordLags: number[];
  /** Committed events never answered 2xx at the receiver. */
  lostEvents: string[];
  /** Event ids the receiver answered that are not committed events of the organization. */
  unknownEvents: string[];
  /** Hours whose aggregates differ from a recount of the messages, and days whose rollup differs from its hours (issue 20). */
  aggregateMismatches: { hour: Date; kept: string; counted: string }[];
  drain: DrainResult;
  /** The PostgreSQL outage, when the run had one. */
  outage?: OutageFigures;
}

function tally(values: Iterable<string>): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of values) out[v] = (out[v] ?? 0) + 1;
  return out;
}

export async function collectFigures(
  db: ChaosDatabase,
  account: ChaosAccount,
  records: RequestRecord[],
  receiver: ChaosReceiver,
  supervisor: Supervisor,
  drainResult: DrainResult,
  outage?: OutageWindow,
): Promise<Figures> {
  const outside = (r: RequestRecord) => !supervisor.inKillWindow(r.start, r.end) && !inOutage(outage, r);
  const accepted = records.filter((r) => r.status === 202);
  const limited = records.filter((r) => r.status === 429);
  const serverErrors = records.filter((r) => r.status !== undefined && r.status >= 500);
  const transport = records.filter((r) => r.status === undefined);

  const messages = await db.messages(account.organizationId);
  const acceptedIds = new Set(accepted.flatMap((r) => r.messageIds));
  const lostMessages = [...acceptedIds].filter((id) => !FINAL.has(messages.get(id) ?? "missing"));
  const unfinishedOtherMessages = [...messages].filter(([id, s]) => !acceptedIds.has(id) && !FINAL.has(s));

  const events = await db.events(account.organizationId);
  const deliveryRows = await db.deliveries(account.webhookId);
  const recorded = await db.recordedSuccesses(account.webhookId);
  const recordLags = [...receiver.events]
    .flatMap(([id, e]) => (e.ok === 1 && recorded.has(id) ? [(recorded.get(id)! - e.okAt[0]!) / 1000] : []))
    .sort((x, y) => x - y);
  const lostEvents = [...events.keys()].filter((id) => !(receiver.events.get(id)?.ok ?? 0));
  const unknownEvents = [...receiver.events.keys()].filter((id) => !events.has(id));
  const duplicated = [...receiver.events.values()].filter((e) => e.ok > 1);
  const duplicates = duplicated.length;

  return {
    requests: records.length,
    retries: records.filter((r) => r.retry).length,
    accepted: accepted.length,
    rateLimited: limited.length,
    rateLimitedWithoutRetryAfter: limited.filter((r) => !/^[1-9][0-9]*$/.test(r.retryAfter ?? "")).length,
    otherClientErrors: tally(
      records
        .filter((r) => r.status !== undefined && r.status >= 400 && r.status < 500 && r.status !== 429)
        .map((r) => String(r.status)),
    ),
    serverErrors: serverErrors.length,
    serverErrorsOutsideKillWindows: serverErrors.filter(outside),
    transportErrors: transport.length,
    transportErrorsOutsideKillWindows: transport.filter(outside),
    kills: supervisor.windows.length,
    killWindowSeconds: supervisor.windows.map((w) => ((w.healthyAt ?? Date.now()) - w.killedAt) / 1000),
    acceptedMessages: acceptedIds.size,
    messagesInDatabase: messages.size,
    messageStatuses: tally(messages.values()),
    lostMessages,
    unfinishedOtherMessages: unfinishedOtherMessages.map(([id]) => id),
    events: events.size,
    deliveryRows: deliveryRows.length,
    deliveryStatuses: tally(deliveryRows.map((d) => d.status)),
    deliveries: receiver.requests,
    deliveriesFailedOnPurpose: receiver.failedOnPurpose,
    deliveriesRejected: receiver.rejected,
    duplicates,
    duplicateRatio: events.size === 0 ? 0 : duplicates / events.size,
    duplicateGaps: duplicated.map((e) => (e.okAt[1]! - e.okAt[0]!) / 1000).sort((x, y) => x - y),
    duplicateKillLags: duplicated
      .flatMap((e) => {
        const from = (w: KillWindow) => (e.okAt[0]! - w.killedAt) / 1000;
        const nearest = supervisor.windows.reduce<KillWindow | undefined>(
          (best, w) => (best && Math.abs(from(best)) <= Math.abs(from(w)) ? best : w),
          undefined,
        );
        return nearest ? [from(nearest)] : [];
      })
      .sort((x, y) => x - y),
    recordLags,
    lostEvents,
    unknownEvents,
    aggregateMismatches: await db.aggregateMismatches(account.organizationId),
    drain: drainResult,
    outage: outage ? outageFigures(outage, records) : undefined,
  };
}

/** Why the run fails; empty when it passes. */
export function failures(f: Figures): string[] {
  const out: string[] = [];
  if (f.accepted === 0) out.push("no request was accepted: nothing was tested");
  if (f.lostMessages.length > 0) out.push(`${f.lostMessages.length} messages answered 202 have no final status`);
  if (f.unfinishedOtherMessages.length > 0) {
    out.push(`${f.unfinishedOtherMessages.length} other messages of the organization have no final status`);
  }
  if (f.lostEvents.length > 0) out.push(`${f.lostEvents.length} committed events never reached the receiver`);
  if (f.unknownEvents.length > 0) out.push(`${f.unknownEvents.length} event ids delivered that were never committed`);
  if (f.aggregateMismatches.length > 0) {
    out.push(
      `the aggregates differ from a recount in ${f.aggregateMismatches.length} hour(s) or day(s): ` +
        f.aggregateMismatches
          .slice(0, 3)
          .map((m) => `kept ${m.kept} counted ${m.counted}`)
          .join("; "),
    );
  }
  if (f.deliveriesRejected > 0) out.push(`${f.deliveriesRejected} webhook requests failed the signature/id check`);
  if (f.duplicateRatio >= 0.01) {
    out.push(`duplicates: ${f.duplicates} of ${f.events} events (${(f.duplicateRatio * 100).toFixed(2)} %, limit 1 %)`);
  }
  if (f.rateLimitedWithoutRetryAfter > 0) out.push(`${f.rateLimitedWithoutRetryAfter} 429 answers had no Retry-After`);
  if (f.serverErrorsOutsideKillWindows.length > 0) {
    out.push(`${f.serverErrorsOutsideKillWindows.length} 5xx answers outside kill windows`);
  }
  if (f.outage && f.outage.during === 0) out.push("no request was answered during the outage: nothing was tested");
  if (f.outage && f.outage.wrongAnswers.length > 0) {
    out.push(`${f.outage.wrongAnswers.length} answers during the outage were not 503 with Retry-After`);
  }
  if (f.outage && f.outage.recoverySeconds === null)
    out.push("no request was answered by the database after the outage");
  if (f.transportErrorsOutsideKillWindows.length > 0) {
    out.push(`${f.transportErrorsOutsideKillWindows.length} requests got no answer outside kill windows`);
  }
  return out;
}
