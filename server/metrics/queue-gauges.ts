import { getDriver } from "../db/client";
import { runSql } from "../db/sql";
import { logger } from "../logger";
import { metrics } from "./registry";

/** Counted up to this many per queue: a backlog of millions costs the scrape no more than this. */
export const BACKLOG_COUNT_CAP = 10_000;
/** Every scrape within this long of the last query reuses its answer: ten scrapers cost one query. */
export const QUEUE_CACHE_MS = 5_000;

/** How many sender queues get their own series: the longest ones (bounded cardinality). */
export const SENDER_SERIES = 50;

export const QUEUES = ["pipeline", "live", "scheduled", "campaign", "outbox", "webhook", "job", "email"] as const;
type Queue = (typeof QUEUES)[number];

// Each queue: a count through its due index, cut at $2 rows, and the oldest due time (the first
// entry of the same index). Live messages wait per sender (contract §15): their count is the
// senders' own rows (segments, over at most $2 senders); their oldest is read with the per-sender
// gauges below (the first entry of each of the 50 longest queues), not here. Campaign recipients are read per running campaign through their
// pending index (running campaigns are few; at most 1,000 are looked at). Nothing scans a table.
const QUEUE_SQL = `
SELECT
  (SELECT count(*) FROM (
     SELECT 1 FROM messages WHERE status = 'QUEUED' AND environment = 'test' AND next_attempt_at <= $1 LIMIT $2) q)
    AS pipeline_n,
  (SELECT min(next_attempt_at) FROM messages WHERE status = 'QUEUED' AND environment = 'test' AND next_attempt_at <= $1)
    AS pipeline_oldest,
  (SELECT coalesce(sum(queued_segments), 0) FROM (
     SELECT queued_segments FROM sender_queues WHERE queued_segments > 0 LIMIT $2) q) AS live_n,
  NULL::timestamptz AS live_oldest,
  (SELECT coalesce(json_agg(json_build_object('o', q.organization_id, 's', q.sender, 'n', q.queued_segments,
     'oldest', (SELECT m.created_at FROM messages m
                WHERE m.organization_id = q.organization_id AND m.from_sender = q.sender AND m.status = 'QUEUED'
                  AND m.environment = 'live'
                ORDER BY m.id LIMIT 1))), '[]'::json)
   FROM (SELECT organization_id, sender, queued_segments FROM sender_queues WHERE queued_segments > 0
         ORDER BY queued_segments DESC LIMIT ${SENDER_SERIES}) q) AS senders,
  (SELECT count(*) FROM (SELECT 1 FROM messages WHERE status = 'SCHEDULED' AND send_at <= $1 LIMIT $2) q) AS scheduled_n,
  (SELECT min(send_at) FROM messages WHERE status = 'SCHEDULED' AND send_at <= $1) AS scheduled_oldest,
  (SELECT count(*) FROM (
     SELECT 1 FROM (SELECT organization_id, id FROM campaigns WHERE status = 'RUNNING' LIMIT 1000) c
     CROSS JOIN LATERAL (
       SELECT 1 FROM campaign_recipients r
       WHERE r.organization_id = c.organization_id AND r.campaign_id = c.id AND r.status = 'PENDING' AND r.not_before <= $1 LIMIT $2
     ) r LIMIT $2) q) AS campaign_n,
  (SELECT min(r.oldest) FROM (SELECT organization_id, id FROM campaigns WHERE status = 'RUNNING' LIMIT 1000) c
     CROSS JOIN LATERAL (
       SELECT min(not_before) AS oldest FROM campaign_recipients
       WHERE organization_id = c.organization_id AND campaign_id = c.id AND status = 'PENDING' AND not_before <= $1
     ) r) AS campaign_oldest,
  (SELECT count(*) FROM (SELECT 1 FROM outbox_events WHERE dispatched_at IS NULL LIMIT $2) q) AS outbox_n,
  (SELECT min(occurred_at) FROM outbox_events WHERE dispatched_at IS NULL) AS outbox_oldest,
  (SELECT count(*) FROM (
     SELECT 1 FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= $1 LIMIT $2) q) AS webhook_n,
  (SELECT min(next_attempt_at) FROM webhook_deliveries WHERE status = 'PENDING' AND next_attempt_at <= $1)
    AS webhook_oldest,
  (SELECT count(*) FROM (SELECT 1 FROM jobs WHERE status = 'pending' AND run_at <= $1 LIMIT $2) q) AS job_n,
  (SELECT min(run_at) FROM jobs WHERE status = 'pending' AND run_at <= $1) AS job_oldest,
  (SELECT count(*) FROM (
     SELECT 1 FROM email_outbox WHERE status = 'pending' AND next_attempt_at <= $1 LIMIT $2) q) AS email_n,
  (SELECT min(next_attempt_at) FROM email_outbox WHERE status = 'pending' AND next_attempt_at <= $1) AS email_oldest`;

/** One of the longest sender queues, as the queue statement reads it. */
interface SenderReading {
  o: string;
  s: string;
  n: number | string;
  oldest: string | null;
}

export interface QueueReading {
  items: number;
  oldestSeconds: number;
}

/** Every queue's backlog at `now`, and the longest sender queues, in one statement. */
export async function readQueues(
  now: Date,
): Promise<Record<Queue, QueueReading> & { senders: readonly SenderReading[] }> {
  const [row] = await runSql<Record<string, unknown>>(
    null,
    QUEUE_SQL,
    [now.toISOString(), BACKLOG_COUNT_CAP],
    "sg_metrics_queues",
  );
  const out = {} as Record<Queue, QueueReading>;
  for (const queue of QUEUES) {
    const oldest = row?.[`${queue}_oldest`];
    const oldestMs = oldest ? new Date(oldest as string | Date).getTime() : now.getTime();
    out[queue] = {
      items: Number(row?.[`${queue}_n`] ?? 0),
      oldestSeconds: Math.max(0, (now.getTime() - oldestMs) / 1000),
    };
  }
  return { ...out, senders: (row?.senders ?? []) as SenderReading[] };
}

interface Cache {
  at: number;
  pending: Promise<void> | null;
}
const cache: Cache = { at: -Infinity, pending: null };

/**
 * Set the queue and pool gauges before a scrape. Concurrent scrapes share one query, and scrapes
 * within QUEUE_CACHE_MS of the last one reuse it; a failed query leaves the previous values (and
 * counts the failure) rather than failing the scrape, whose counters are still worth having.
 */
export function refreshQueueGauges(clock: () => number = Date.now): Promise<void> {
  setPoolGauges();
  if (cache.pending) return cache.pending;
  if (clock() - cache.at < QUEUE_CACHE_MS) return Promise.resolve();
  cache.pending = (async () => {
    const m = metrics();
    try {
      const readings = await readQueues(new Date(clock()));
      for (const queue of QUEUES) {
        m.backlogItems.set({ queue }, readings[queue].items);
        m.backlogOldestSeconds.set({ queue }, readings[queue].oldestSeconds);
      }
      setSenderGauges(readings.senders, new Date(clock()));
    } catch (err) {
      m.backlogQueryFailures.inc();
      logger.warn("metrics: the queue query failed", { error: (err as Error).message });
    } finally {
      cache.at = clock();
      cache.pending = null;
    }
  })();
  return cache.pending;
}

/** Per-sender queue depth and oldest age (contract §16), for the SENDER_SERIES longest queues. */
function setSenderGauges(senders: readonly SenderReading[], now: Date): void {
  const m = metrics();
  // A queue that drained (or left the top) loses its series.
  m.senderQueueSegments.reset();
  m.senderQueueOldestSeconds.reset();
  let oldestOfAll = now.getTime();
  for (const r of senders) {
    const labels = { organization_id: r.o, sender: r.s };
    m.senderQueueSegments.set(labels, Number(r.n));
    const oldest = r.oldest ? new Date(r.oldest).getTime() : now.getTime();
    oldestOfAll = Math.min(oldestOfAll, oldest);
    m.senderQueueOldestSeconds.set(labels, Math.max(0, (now.getTime() - oldest) / 1000));
  }
  // The live queue's lag: the oldest message at the head of the longest queues (a bounded read;
  // a short queue's head is seldom the oldest, and its own series is not kept either).
  m.backlogOldestSeconds.set({ queue: "live" }, Math.max(0, (now.getTime() - oldestOfAll) / 1000));
}

function setPoolGauges(): void {
  const driver = getDriver();
  const m = metrics();
  if (driver.kind !== "postgres") {
    m.dbPoolInUse.set(0);
    m.dbPoolWaiting.set(0);
    return;
  }
  m.dbPoolInUse.set(driver.pool.totalCount - driver.pool.idleCount);
  m.dbPoolWaiting.set(driver.pool.waitingCount);
}
