import { runSql } from "../db/sql";
import { isTransientDatabaseError } from "../db/unavailable";
import { isolateBatch } from "../isolation/isolate-batch";
import { failSetAsideMessages, messageItem, type HeldMessage } from "../messages/set-aside-messages";
import { newId } from "../ids";
import { dispatchedAtUnlessSubscribed } from "../webhooks/unsubscribed-sql";
import { cancelScheduledCtes } from "./cancel-sql";

// One statement per batch, so a batch commits whole or not at all (a process killed mid-scan loses
// nothing: its rows stay SCHEDULED, their locks go with its connection, and the next scan takes
// them; nothing is queued twice because a row moves only while it is SCHEDULED):
// 1. claim up to $2 due rows, oldest sendAt first, through the partial index, FOR UPDATE SKIP
//    LOCKED (sg_due_scheduled_messages): concurrent scans take disjoint rows;
// 2. which recipients opted out meanwhile, under each organization's opt-out lock, as acceptance
//    asks (sg_opted_out_phones: an opt-out committing now is either seen or waits for this batch);
// 3. the others move SCHEDULED → QUEUED with a `message.queued` event, due for the pipeline at their
//    sendAt (next_attempt_at), so the pipeline's claim takes them first, in order. The update finds
//    each row by its key (organization_id, id); the table is partitioned by id, so a row's physical
//    address (the TID scan this used before, migration 20261127060000) names no single row any more;
// 4. the opted-out ones are canceled with `recipient_opted_out` (cancel-sql.ts): never sent, never
//    billed. Event ids come from JavaScript ($5, one per claimable row): sg_new_id per row in
//    plpgsql costs more than the rest of the event.
//
// The message.queued payload is sg_message_event_payload's object (migration
// 20261126020100_scheduled_messages), written out here as to_jsonb of a row of named columns:
// the function's 20-key jsonb_build_object over the whole updated row was a third of the
// statement's cost, and this costs about 3 µs of database CPU less per row (33.5 → 30.2 µs,
// measured on PostgreSQL 15). scheduled-sends.int.test.ts checks the two are equal.
const PAYLOAD_COLUMNS = [
  "to_number",
  "from_sender",
  "status",
  "environment",
  "segments",
  "encoding",
  "price_units",
  "batch_id",
  "otp_id",
  "provider_message_id",
  "error_code",
  "error_message",
  "created_at",
  "sent_at",
  "delivered_at",
  "failed_at",
  "send_at",
  "canceled_at",
] as const;
const QUEUED_PAYLOAD = `
  q.id AS "messageId", q.to_number AS "to", q.from_sender AS "from", q.status::text AS status,
  q.environment::text AS environment, q.segments, q.encoding, sg_money(q.price_units) AS price,
  'USD' AS "priceUnit", q.batch_id AS "batchId", q.otp_id AS "otpId",
  q.provider_message_id AS "providerMessageId", q.error_code AS "errorCode", q.error_message AS "errorMessage",
  sg_iso(q.created_at) AS "createdAt", sg_iso(q.sent_at) AS "sentAt", sg_iso(q.delivered_at) AS "deliveredAt",
  sg_iso(q.failed_at) AS "failedAt", sg_iso(q.send_at) AS "sendAt", sg_iso(q.canceled_at) AS "canceledAt"`;

// The claim of one batch: the due rows themselves (sg_due_scheduled_messages), or, while a batch
// that failed is taken apart (dispatchIsolated), the given ones ($6) that are still due.
const DUE_BATCH = `SELECT * FROM sg_due_scheduled_messages($1::timestamptz, $2::int, $3::text)`;
const DUE_BY_ID = `
  SELECT m.ctid AS row_id, m.id, m.organization_id, m.environment::text AS environment, m.to_number,
         m.price_units, m.segments, m.created_at
  FROM messages m
  WHERE m.id = ANY($6::text[]) AND m.status = 'SCHEDULED' AND m.send_at <= $1::timestamptz
    AND ($3::text IS NULL OR m.organization_id = $3)
  ORDER BY m.send_at LIMIT $2::int
  FOR UPDATE SKIP LOCKED`;

const dispatchSql = (due: string) => `
WITH due AS MATERIALIZED (${due}
), opted AS MATERIALIZED (
  SELECT p.organization_id, sg_opted_out_phones(p.organization_id, p.phones) AS phones
  FROM (SELECT organization_id, array_agg(DISTINCT to_number) AS phones FROM due GROUP BY 1 ORDER BY 1) p
), target AS MATERIALIZED (
  SELECT due.*, due.to_number = ANY (coalesce(opted.phones, '{}')) AS opted_out,
         row_number() OVER () AS n, 'opted_out' AS reason, 'recipient_opted_out' AS error_code
  FROM due LEFT JOIN opted USING (organization_id)
), queued AS (
  UPDATE messages m SET status = 'QUEUED', next_attempt_at = m.send_at, updated_at = $4::timestamptz
  FROM target t
  WHERE m.organization_id = t.organization_id AND m.id = t.id AND m.status = 'SCHEDULED' AND NOT t.opted_out
  RETURNING m.id, m.organization_id, t.n, ${PAYLOAD_COLUMNS.map((c) => `m.${c}`).join(", ")},
    m.environment::text AS env, m.from_sender AS sender, m.segments AS segs
), joining AS MATERIALIZED (
  -- Live messages join their sender's paced queue now (contract §15); acceptance made the row.
  -- Locked in key order, as acceptance and transitions lock them, so none of them deadlock.
  SELECT s.organization_id, s.sender, a.segments FROM sender_queues s
  JOIN (SELECT organization_id, sender, sum(segs) AS segments FROM queued WHERE env = 'live' GROUP BY 1, 2) a
    ON s.organization_id = a.organization_id AND s.sender = a.sender
  ORDER BY s.organization_id, s.sender
  FOR UPDATE OF s
), enqueued AS (
  UPDATE sender_queues s SET queued_segments = s.queued_segments + j.segments, updated_at = $4::timestamptz
  FROM joining j WHERE s.organization_id = j.organization_id AND s.sender = j.sender
), queued_events AS (
  INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
  SELECT ($5::text[])[q.n], q.organization_id, 'message.queued', to_jsonb(p), $4::timestamptz,
         ${dispatchedAtUnlessSubscribed("q.organization_id", "'message.queued'", "$4::timestamptz")}
  FROM queued q CROSS JOIN LATERAL (SELECT ${QUEUED_PAYLOAD}) p
  RETURNING 1
), ${cancelScheduledCtes("SELECT * FROM target WHERE opted_out", "$4::timestamptz", "$5::text[]")}
SELECT (SELECT count(*) FROM queued) AS queued, (SELECT count(*) FROM canceled) AS canceled`;

const DISPATCH_SQL = dispatchSql(DUE_BATCH);
const DISPATCH_BY_ID_SQL = dispatchSql(DUE_BY_ID);

// The rows a batch would claim, without locking them: what a failed batch is taken apart into.
const DUE_IDS_SQL = `
SELECT id, organization_id FROM messages
WHERE status = 'SCHEDULED' AND send_at <= $1::timestamptz AND ($3::text IS NULL OR organization_id = $3)
ORDER BY send_at LIMIT $2::int`;

export interface DispatchCounts {
  queued: number;
  canceled: number;
  /** Set aside (FAILED, `internal_error`): their own fault stopped them, server/isolation/. */
  failed: number;
}

async function runDispatch(
  sql: string,
  name: string,
  now: Date,
  limit: number,
  organizationId: string | null,
  ids?: readonly string[],
): Promise<DispatchCounts> {
  const eventIds = Array.from({ length: limit }, () => newId("evt"));
  const params: unknown[] = [now.toISOString(), limit, organizationId, now.toISOString(), eventIds];
  if (ids) params.push(ids);
  const [row] = await runSql<{ queued: bigint | number; canceled: bigint | number }>(null, sql, params, name);
  return { queued: Number(row?.queued ?? 0), canceled: Number(row?.canceled ?? 0), failed: 0 };
}

/**
 * Move one batch of due SCHEDULED messages (sendAt ≤ `now`) to QUEUED, or to CANCELED for
 * recipients who opted out since (contract §11). `organizationId` narrows the scan to one
 * organization (tests sharing one PostgreSQL keep to their own rows).
 *
 * One statement for the whole batch, which one message that cannot be moved (a fault of that row)
 * would make fail for every organization on every scan. So a batch that fails for any reason other
 * than a transient database error is taken apart (dispatchIsolated): every other message is moved,
 * and the ones that fail on their own are set aside, FAILED with `internal_error`.
 */
export async function dispatchDueBatch(
  now: Date,
  limit: number,
  organizationId: string | null = null,
): Promise<DispatchCounts> {
  try {
    return await runDispatch(DISPATCH_SQL, "sg_dispatch_scheduled", now, limit, organizationId);
  } catch (err) {
    if (isTransientDatabaseError(err)) throw err;
    return dispatchIsolated(now, limit, organizationId);
  }
}

async function dispatchIsolated(now: Date, limit: number, organizationId: string | null): Promise<DispatchCounts> {
  const due = await runSql<{ id: string; organization_id: string }>(null, DUE_IDS_SQL, [
    now.toISOString(),
    limit,
    organizationId,
  ]);
  const counts: DispatchCounts = { queued: 0, canceled: 0, failed: 0 };
  const failed = await isolateBatch<HeldMessage>({
    items: due.map((m) => ({ id: m.id, organizationId: m.organization_id, from: "SCHEDULED" })),
    describe: messageItem("scheduled-dispatch"),
    work: async (part) => {
      const moved = await runDispatch(
        DISPATCH_BY_ID_SQL,
        "sg_dispatch_scheduled_ids",
        now,
        part.length,
        organizationId,
        part.map((m) => m.id),
      );
      counts.queued += moved.queued;
      counts.canceled += moved.canceled;
    },
    setAside: (items) => failSetAsideMessages(items, now),
  });
  counts.failed = failed.length;
  return counts;
}

export interface DispatchOptions {
  /** The clock (read before each batch). */
  now?: () => Date;
  /** Rows per statement. */
  batchSize?: number;
  /** Stop starting batches after this long (the scan is one step of a job: it must end). */
  budgetMs?: number;
  organizationId?: string | null;
  /** Statements at once while a backlog lasts (default 1). */
  lanes?: number;
  /** Called after each batch that queued messages (wakes this process's pipeline). */
  onQueued?: (counts: DispatchCounts) => void;
}

export interface DispatchResult extends DispatchCounts {
  batches: number;
  /** The budget ran out on a full batch: more may be due now. */
  backlog: boolean;
}

/**
 * Dispatch batch after batch until a batch is not full, or the time budget is spent. Up to `lanes`
 * statements run at once (SKIP LOCKED gives them disjoint rows), so a backlog uses more than one of
 * the database's cores. The extra lanes join only once a batch comes back full: with little due, a
 * scan is one statement.
 */
export async function dispatchDueMessages(options: DispatchOptions = {}): Promise<DispatchResult> {
  const now = options.now ?? (() => new Date());
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const budgetMs = options.budgetMs ?? 800;
  const lanes = Math.max(1, options.lanes ?? 1);
  const started = performance.now();
  const result: DispatchResult = { queued: 0, canceled: 0, failed: 0, batches: 0, backlog: false };
  const running: Promise<void>[] = [];
  const lane = async () => {
    for (;;) {
      const counts = await dispatchDueBatch(now(), batchSize, options.organizationId ?? null);
      result.queued += counts.queued;
      result.canceled += counts.canceled;
      result.failed += counts.failed;
      result.batches++;
      if (counts.queued > 0) options.onQueued?.(counts);
      const full = counts.queued + counts.canceled + counts.failed >= batchSize;
      if (!full) return;
      if (performance.now() - started >= budgetMs) {
        result.backlog = true;
        return;
      }
      while (running.length < lanes) running.push(lane());
    }
  };
  running.push(lane());
  // Lanes may join while earlier ones run: wait until every one started has ended.
  for (let i = 0; i < running.length; i++) await running[i];
  return result;
}

/**
 * Rows per statement. Per-statement costs (triggers, locks, planning) are small next to the rows'
 * own (about 35 µs of database CPU each: the row's new index entries, its event's payload and
 * insert), and past a few thousand rows the statement's CTEs outgrow work_mem and spill: measured
 * on PostgreSQL 15, 2,000 to 3,000 rows cost about 6 % less CPU per row than 5,000, 1,000 and
 * 10,000 more.
 */
export const DEFAULT_BATCH_SIZE = 2500;
