import pg from "pg";
import { BATCH_ROWS_WHERE, BatchCollector, batchRowsParams, type BatchRows } from "./batch-rows";
import type { Target } from "./measure";

// The SMS routes in the bench: request bodies, the messages table read directly (PostgreSQL only:
// counting through the API would load the server being measured), the pipeline's drain between
// slices and the 10,000-message pipeline run.

/** Messages per bulk request: the contract's maximum. */
export const BULK_SIZE = 1000;
/** Sandbox recipients that are delivered (anything but the magic +1500555000x numbers). */
const recipient = (i: number) => `+1415555${String(1000 + (i % 1000))}`;
const BODY = "Your SignalGate benchmark code is 482913. It expires in 10 minutes.";

export function sendBody(): string {
  return JSON.stringify({ to: recipient(123), body: BODY });
}

export function bulkBody(size = BULK_SIZE): string {
  return JSON.stringify({ messages: Array.from({ length: size }, (_, i) => ({ to: recipient(i), body: BODY })) });
}

/** POST /sms/send and POST /sms/bulk (1,000 messages, at most `bulkConnections`), each settled by `settle`. */
export function smsTargets(
  apiKey: string,
  bulkConnections: number,
  settle: (target: string) => Promise<void>,
): Target[] {
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  return [
    {
      name: "sms-send",
      method: "POST",
      path: "/api/v1/sms/send",
      headers,
      body: sendBody(),
      settle: () => settle("sms-send"),
    },
    {
      name: "sms-bulk",
      method: "POST",
      path: "/api/v1/sms/bulk",
      headers,
      body: bulkBody(),
      maxConnections: bulkConnections,
      settle: () => settle("sms-bulk"),
    },
  ];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const FINAL = "('DELIVERED', 'FAILED', 'UNDELIVERED')";

export interface Drain {
  target: string;
  /** QUEUED + SENT messages of the organization when the slice ended. */
  backlog: number;
  seconds: number;
}

export interface PipelineResult {
  messages: number;
  requests: number;
  connections: number;
  /** Per request, in order of answer. */
  requestMs: number[];
  /** From the first request: all answered, all handed to the carrier (SENT), all final (observed by polling). */
  acceptedSeconds: number;
  allSentSeconds: number | null;
  allFinalSeconds: number | null;
  /** The same two from the rows' own timestamps (written by the server, same machine clock). */
  lastSentAtSeconds: number | null;
  lastFinalAtSeconds: number | null;
  delivered: number;
  notDelivered: number;
  /** Per message: sentAt − createdAt and deliveredAt − createdAt (the latter includes the sandbox delay). */
  sentP50Ms: number | null;
  sentP99Ms: number | null;
  deliveredP50Ms: number | null;
  deliveredP99Ms: number | null;
  pollIntervalMs: number;
  timedOut: boolean;
  /** GET /sms/:id/status of each batch's last message, after the run: what the API reports. */
  sampledStatuses: Record<string, number>;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** A direct connection to the bench database: counts of the messages table. */
export class MessageCounter {
  private readonly pool: pg.Pool;

  constructor(databaseUrl: string) {
    this.pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    this.pool.on("error", () => {});
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  /** Messages of the organization still on their way: QUEUED or SENT (no receipt yet). */
  async pending(organizationId: string): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM messages WHERE organization_id = $1 AND status IN ('QUEUED', 'SENT')",
      [organizationId],
    );
    return rows[0]?.n ?? 0;
  }

  /** Waits until the organization has nothing pending; returns the backlog found and the wait. */
  async drain(organizationId: string, timeoutMs: number): Promise<{ backlog: number; seconds: number }> {
    const started = performance.now();
    const backlog = await this.pending(organizationId);
    let left = backlog;
    while (left > 0) {
      if (performance.now() - started > timeoutMs) {
        throw new Error(`the message pipeline did not drain in ${timeoutMs / 1000} s (${left} of ${backlog} pending)`);
      }
      await sleep(100);
      left = await this.pending(organizationId);
    }
    return { backlog, seconds: (performance.now() - started) / 1000 };
  }

  async progress(of: BatchRows): Promise<{ total: number; handed: number; final: number }> {
    const { rows } = await this.pool.query<{ total: number; handed: number; final: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status <> 'QUEUED')::int AS handed,
         count(*) FILTER (WHERE status IN ${FINAL})::int AS final
       FROM messages WHERE ${BATCH_ROWS_WHERE}`,
      batchRowsParams(of),
    );
    return rows[0] ?? { total: 0, handed: 0, final: 0 };
  }

  async timings(of: BatchRows) {
    const { rows } = await this.pool.query(
      `SELECT count(*) FILTER (WHERE status = 'DELIVERED')::int AS delivered,
         count(*) FILTER (WHERE status <> 'DELIVERED')::int AS not_delivered,
         extract(epoch FROM max(sent_at)) * 1000 AS last_sent_ms,
         extract(epoch FROM max(coalesce(delivered_at, failed_at))) * 1000 AS last_final_ms,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - created_at) * 1000) AS sent_p50,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - created_at) * 1000) AS sent_p99,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM delivered_at - created_at) * 1000) AS del_p50,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM delivered_at - created_at) * 1000) AS del_p99
       FROM messages WHERE ${BATCH_ROWS_WHERE}`,
      batchRowsParams(of),
    );
    const r = (rows[0] ?? {}) as Record<string, unknown>;
    return {
      delivered: Number(r.delivered ?? 0),
      notDelivered: Number(r.not_delivered ?? 0),
      lastSentMs: num(r.last_sent_ms),
      lastFinalMs: num(r.last_final_ms),
      sentP50Ms: num(r.sent_p50),
      sentP99Ms: num(r.sent_p99),
      deliveredP50Ms: num(r.del_p50),
      deliveredP99Ms: num(r.del_p99),
    };
  }
}

export interface PipelineRun {
  baseUrl: string;
  apiKey: string;
  requests: number;
  connections: number;
  timeoutMs: number;
  pollIntervalMs: number;
  counter: MessageCounter;
  log: (message: string) => void;
}

/**
 * `requests` bulk requests of 1,000 sandbox messages over `connections` concurrent connections,
 * then the messages table polled until every one of them is final. Times count from the first
 * request; the caller makes sure the pipeline is idle before.
 */
export async function runPipeline(run: PipelineRun): Promise<PipelineResult> {
  const { baseUrl, apiKey, counter, log } = run;
  const headers = { authorization: `Bearer ${apiKey}`, "content-type": "application/json" };
  const bodies = Array.from({ length: run.requests }, () => bulkBody());
  const batches: { batchId: string; lastMessageId: string }[] = [];
  const collected = new BatchCollector();
  const requestMs: number[] = [];
  let accepted = 0;
  let next = 0;

  const t0 = performance.now();
  const wallT0 = Date.now();
  const elapsed = () => (performance.now() - t0) / 1000;
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++]!;
      const started = performance.now();
      const res = await fetch(`${baseUrl}/api/v1/sms/bulk`, { method: "POST", headers, body });
      const text = await res.text();
      requestMs.push(performance.now() - started);
      if (res.status !== 202)
        throw new Error(`pipeline: POST /api/v1/sms/bulk answered ${res.status}: ${text.slice(0, 300)}`);
      const json = JSON.parse(text) as { batchId: string; accepted: number; messages: { messageId: string }[] };
      accepted += json.accepted;
      batches.push({ batchId: json.batchId, lastMessageId: json.messages.at(-1)!.messageId });
      collected.add(json);
    }
  };
  await Promise.all(Array.from({ length: Math.min(run.connections, bodies.length) }, worker));
  const acceptedSeconds = elapsed();
  log(`pipeline: ${accepted} messages accepted in ${acceptedSeconds.toFixed(2)} s; polling the messages table`);

  const batchRows = collected.rows();
  let allSentSeconds: number | null = null;
  let allFinalSeconds: number | null = null;
  let lastLogged = 0;
  for (;;) {
    const p = await counter.progress(batchRows);
    const at = elapsed();
    if (allSentSeconds === null && p.handed >= accepted) allSentSeconds = at;
    if (p.final >= accepted) {
      allFinalSeconds = at;
      break;
    }
    if (at * 1000 > run.timeoutMs) break;
    if (at - lastLogged >= 5) {
      lastLogged = at;
      log(`pipeline: ${at.toFixed(1)} s: ${p.handed} handed to the carrier, ${p.final} final of ${accepted}`);
    }
    await sleep(run.pollIntervalMs);
  }

  const t = await counter.timings(batchRows);
  const sampledStatuses: Record<string, number> = {};
  for (const b of batches) {
    const res = await fetch(`${baseUrl}/api/v1/sms/${b.lastMessageId}/status`, { headers });
    const json = (await res.json()) as { status?: string };
    const key = res.ok ? (json.status ?? "?") : `HTTP ${res.status}`;
    sampledStatuses[key] = (sampledStatuses[key] ?? 0) + 1;
  }
  const sinceT0 = (ms: number | null) => (ms === null ? null : (ms - wallT0) / 1000);
  return {
    messages: accepted,
    requests: run.requests,
    connections: run.connections,
    requestMs,
    acceptedSeconds,
    allSentSeconds,
    allFinalSeconds,
    lastSentAtSeconds: sinceT0(t.lastSentMs),
    lastFinalAtSeconds: sinceT0(t.lastFinalMs),
    delivered: t.delivered,
    notDelivered: t.notDelivered,
    sentP50Ms: t.sentP50Ms,
    sentP99Ms: t.sentP99Ms,
    deliveredP50Ms: t.deliveredP50Ms,
    deliveredP99Ms: t.deliveredP99Ms,
    pollIntervalMs: run.pollIntervalMs,
    timedOut: allFinalSeconds === null,
    sampledStatuses,
  };
}
