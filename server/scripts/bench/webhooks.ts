import type { CpuMeter } from "./cpu";
import { percentile } from "./measure";
import { median } from "./report";
import { Database, eventId, sleep } from "./webhook-db";
import { Receiver } from "./webhook-receiver";

// Webhook delivery in the bench (PostgreSQL only: events are committed straight into the outbox
// with `pg`, as the message pipeline's transitions do, without going through the server under
// test). A receiver in this process (node:http on 127.0.0.1, answering 200 at once) records each
// request's X-Webhook-Id and arrival time; one webhook of the seeded organization, subscribed to
// "*", points at it. Times are all on this process's clock: an event's commit time is when its
// INSERT (autocommit) returned, its first attempt when the receiver saw the request's headers.
//   - burst: N events committed in ONE statement, then the time until the receiver has seen every
//     one of them: deliveries/s = N ÷ that time (run `runs` times, fresh events each, median), plus
//     commit → arrival per event, which under a burst is mostly time spent waiting in the queue.
//   - low rate: `lowRateEvents` events committed one at a time, `lowRateGapMs` apart, each its own
//     INSERT: commit → first attempt of an event that finds the worker idle (the target's figure).
// Every event id must arrive exactly once; the deliveries table must show each SUCCEEDED after one
// attempt.
// The receiver is bench/webhook-receiver.ts, the SQL bench/webhook-db.ts, the targets bench/webhook-report.ts.

/** Each run's event ids start above a multiple of this. */
const ID_BASE = 10_000_000;

export interface LatencySummary {
  events: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
}

function summarizeLatencies(latencies: number[]): LatencySummary {
  const sorted = Float64Array.from(latencies).sort();
  return {
    events: sorted.length,
    p50Ms: percentile(sorted, 50),
    p90Ms: percentile(sorted, 90),
    p99Ms: percentile(sorted, 99),
    maxMs: sorted.length ? sorted[sorted.length - 1]! : Number.NaN,
  };
}

export interface DeliveryRows {
  total: number;
  succeeded: number;
  pending: number;
  other: number;
  /** Deliveries that took more than one attempt. */
  retried: number;
  /** The worker's own timing of its HTTP attempts (webhook_attempts.response_time_ms, whole ms). */
  attemptP50Ms: number | null;
  attemptP99Ms: number | null;
}

/**
 * How the arrivals were spread: the worker claims a batch per round, so arrivals come in groups
 * (consecutive arrivals less than GROUP_GAP_MS apart); many small groups with gaps between them
 * mean throughput is bounded by rounds, not by the HTTP attempts.
 */
export interface ArrivalGroups {
  groups: number;
  medianSize: number;
  maxSize: number;
  /** From one group's first arrival to the next group's first. */
  medianPeriodMs: number;
}

export const GROUP_GAP_MS = 3;

function arrivalGroups(sortedArrivals: number[]): ArrivalGroups {
  const starts: number[] = [];
  const sizes: number[] = [];
  let previous = Number.NEGATIVE_INFINITY;
  for (const at of sortedArrivals) {
    if (at - previous >= GROUP_GAP_MS) {
      starts.push(at);
      sizes.push(0);
    }
    sizes[sizes.length - 1]!++;
    previous = at;
  }
  const periods = starts.slice(1).map((s, i) => s - starts[i]!);
  return {
    groups: sizes.length,
    medianSize: median(sizes),
    maxSize: Math.max(0, ...sizes),
    medianPeriodMs: median(periods),
  };
}

export interface BurstRun {
  events: number;
  /** The INSERT … SELECT's round trip (the commit is at its end). */
  insertMs: number;
  /** Commit → the receiver has seen every event once; null when it timed out. */
  seconds: number | null;
  deliveriesPerSecond: number | null;
  /** Commit → first arrival, per event. */
  latency: LatencySummary;
  /** Commit → first arrival of the very first event: the worker's reaction time. */
  firstArrivalMs: number;
  received: number;
  timedOut: boolean;
  serverCpuMsPerDelivery: number | null;
  databaseCpuMsPerDelivery: number | null;
  /** The deliveries table once every outcome was recorded. */
  rows: DeliveryRows;
  /** Commit → every delivery's outcome recorded (SUCCEEDED or otherwise final). */
  recordedSeconds: number | null;
  arrivals: ArrivalGroups;
}

export interface LowRateRun {
  events: number;
  gapMs: number;
  /** The INSERTs' actual spread: first commit → last commit. */
  spanMs: number;
  latency: LatencySummary;
  received: number;
  timedOut: boolean;
  rows: DeliveryRows;
}

export interface WebhookBenchResult {
  webhookId: string;
  pollIntervalMs: number;
  bursts: BurstRun[];
  lowRate: LowRateRun;
  /** Over every event of every run. */
  events: number;
  duplicateEvents: number;
  duplicateRequests: number;
  requests: number;
  requestsWithoutId: number;
  /** Requests for ids the bench never committed (another event of the organization). */
  unexpectedRequests: number;
}

export interface WebhookBenchOptions {
  baseUrl: string;
  databaseUrl: string;
  /** The seeded organization's owner (a JWT for POST /developer/webhooks) and its id. */
  email: string;
  password: string;
  organizationId: string;
  events: number;
  runs: number;
  lowRateEvents: number;
  lowRateGapMs: number;
  timeoutMs: number;
  pollIntervalMs: number;
  meter?: CpuMeter;
  log: (message: string) => void;
}

async function api(baseUrl: string, method: string, path: string, body: unknown, token?: string): Promise<unknown> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`webhooks: ${method} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** Creates the webhook through the API, as a customer would (needs WEBHOOK_ALLOW_PRIVATE_URLS=true). */
export async function createWebhook(o: WebhookBenchOptions, url: string): Promise<string> {
  const token = (await api(o.baseUrl, "POST", "/api/v1/auth/token", { email: o.email, password: o.password })) as {
    accessToken?: string;
  };
  if (!token.accessToken) throw new Error("webhooks: POST /api/v1/auth/token gave no accessToken");
  const created = (await api(
    o.baseUrl,
    "POST",
    "/api/v1/developer/webhooks",
    // With a secret, as recommended: the figures include signing every delivery.
    { name: "bench receiver", url, events: ["*"], secret: "whsec_bench-receiver-0123456789abcdef" },
    token.accessToken,
  )) as { id?: string; isActive?: boolean; hasSecret?: boolean };
  if (!created.id || created.isActive !== true || created.hasSecret !== true) {
    throw new Error(`webhooks: unexpected webhook: ${JSON.stringify(created)}`);
  }
  return created.id;
}

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => eventId(from + i + 1));

export async function burst(
  o: WebhookBenchOptions,
  db: Database,
  receiver: Receiver,
  webhookId: string,
  from: number,
): Promise<BurstRun> {
  const to = from + o.events;
  const ids = range(from, to);
  await db.idle(webhookId, o.timeoutMs);
  const cpu = o.meter?.start();
  const issued = performance.now();
  await db.insertRange(o.organizationId, from, to);
  const committed = performance.now();
  const complete = await receiver.waitFor(ids, o.timeoutMs);
  const firsts = ids.flatMap((id) => receiver.arrivals.get(id)?.[0] ?? []);
  const last = firsts.length ? Math.max(...firsts) : Number.NaN;
  const used = cpu?.();
  const seconds = complete ? (last - committed) / 1000 : null;
  const settledAfter = await db.settled(webhookId, from, to, o.timeoutMs);
  const perDelivery = (ms: number | null | undefined) =>
    ms === null || ms === undefined || firsts.length === 0 ? null : ms / firsts.length;
  return {
    events: o.events,
    insertMs: committed - issued,
    seconds,
    deliveriesPerSecond: seconds === null ? null : o.events / seconds,
    latency: summarizeLatencies(firsts.map((t) => t - committed)),
    firstArrivalMs: firsts.length ? Math.min(...firsts) - committed : Number.NaN,
    received: firsts.length,
    timedOut: !complete,
    serverCpuMsPerDelivery: perDelivery(used?.serverMs),
    databaseCpuMsPerDelivery: perDelivery(used?.databaseMs),
    rows: await db.rows(webhookId, from, to),
    recordedSeconds: settledAfter === null ? null : (performance.now() - committed) / 1000,
    arrivals: arrivalGroups([...firsts].sort((a, b) => a - b)),
  };
}

async function lowRate(
  o: WebhookBenchOptions,
  db: Database,
  receiver: Receiver,
  webhookId: string,
  from: number,
): Promise<LowRateRun> {
  const to = from + o.lowRateEvents;
  const ids = range(from, to);
  await db.idle(webhookId, o.timeoutMs);
  const committedAt = new Map<string, number>();
  const start = performance.now();
  for (let i = 0; i < o.lowRateEvents; i++) {
    const due = start + i * o.lowRateGapMs;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    await db.insertRange(o.organizationId, from + i, from + i + 1);
    committedAt.set(ids[i]!, performance.now());
  }
  const spanMs = committedAt.get(ids.at(-1)!)! - committedAt.get(ids[0]!)!;
  const complete = await receiver.waitFor(ids, o.timeoutMs);
  const latencies = ids.flatMap((id) => {
    const first = receiver.arrivals.get(id)?.[0];
    return first === undefined ? [] : [first - committedAt.get(id)!];
  });
  await db.settled(webhookId, from, to, o.timeoutMs);
  return {
    events: o.lowRateEvents,
    gapMs: o.lowRateGapMs,
    spanMs,
    latency: summarizeLatencies(latencies),
    received: latencies.length,
    timedOut: !complete,
    rows: await db.rows(webhookId, from, to),
  };
}

/** Creates the webhook and the receiver, runs the bursts then the low-rate run, and cleans up. */
export async function runWebhookBench(o: WebhookBenchOptions): Promise<WebhookBenchResult> {
  const receiver = new Receiver();
  const db = new Database(o.databaseUrl);
  try {
    const url = await receiver.start();
    const webhookId = await createWebhook(o, url);
    o.log(`webhooks: webhook ${webhookId} ("*") → ${url}; waiting for an idle outbox`);
    const bursts: BurstRun[] = [];
    const all: string[] = [];
    for (let run = 0; run < o.runs; run++) {
      const from = ID_BASE * (run + 1);
      const r = await burst(o, db, receiver, webhookId, from);
      all.push(...range(from, from + o.events));
      bursts.push(r);
      o.log(
        `webhooks: burst ${run + 1}/${o.runs}: ${r.received} of ${r.events} events received ` +
          (r.seconds === null
            ? `(timed out after ${o.timeoutMs / 1000} s)`
            : `in ${r.seconds.toFixed(2)} s = ${r.deliveriesPerSecond!.toFixed(0)} deliveries/s`) +
          `; commit → first attempt p50 ${r.latency.p50Ms.toFixed(0)} ms, p99 ${r.latency.p99Ms.toFixed(0)} ms`,
      );
    }
    const lowFrom = ID_BASE * (o.runs + 1);
    o.log(`webhooks: low rate: ${o.lowRateEvents} events, one INSERT every ${o.lowRateGapMs} ms`);
    const low = await lowRate(o, db, receiver, webhookId, lowFrom);
    all.push(...range(lowFrom, lowFrom + o.lowRateEvents));
    o.log(
      `webhooks: low rate: commit → first attempt p50 ${low.latency.p50Ms.toFixed(0)} ms, ` +
        `p99 ${low.latency.p99Ms.toFixed(0)} ms`,
    );
    // Late duplicates would come from a second claim of a delivery already attempted: give any a moment.
    await sleep(1_000);
    const duplicates = receiver.duplicates(all);
    const expected = new Set(all);
    let unexpected = 0;
    for (const [id, times] of receiver.arrivals) if (!expected.has(id)) unexpected += times.length;
    return {
      webhookId,
      pollIntervalMs: o.pollIntervalMs,
      bursts,
      lowRate: low,
      events: all.length,
      duplicateEvents: duplicates.events,
      duplicateRequests: duplicates.extraRequests,
      requests: receiver.requests,
      requestsWithoutId: receiver.withoutId,
      unexpectedRequests: unexpected,
    };
  } finally {
    await receiver.close();
    await db.close();
  }
}
