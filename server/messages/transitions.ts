import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { newId } from "../ids";
import { metrics } from "../metrics/registry";
import { dispatchedAtUnlessSubscribed } from "../webhooks/unsubscribed-sql";

export type MessageStatus = "SCHEDULED" | "QUEUED" | "SENT" | "DELIVERED" | "FAILED" | "UNDELIVERED";

/**
 * The lifecycle (contract §5): QUEUED → SENT → DELIVERED | UNDELIVERED, QUEUED → FAILED. A real
 * carrier can also report, after taking a message, that it could not send it at all (Twilio's
 * `failed`): SENT → FAILED, keeping the carrier's error code (issue "Real carriers"). SCHEDULED → FAILED
 * is a message the due-scan set aside (`internal_error`: its own fault stopped it, server/isolation/);
 * its other moves (QUEUED, CANCELED) are the due-scan's and the cancels' own statements.
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<MessageStatus, readonly MessageStatus[]>> = {
  SCHEDULED: ["FAILED"],
  QUEUED: ["SENT", "FAILED"],
  SENT: ["DELIVERED", "UNDELIVERED", "FAILED"],
  DELIVERED: [],
  FAILED: [],
  UNDELIVERED: [],
};

export interface Transition {
  /** The message's key: its organization and id (the table's primary key, partitioned by id). */
  organizationId: string;
  messageId: string;
  from: MessageStatus;
  to: MessageStatus;
  /** When set, the row must still carry this hand-off lease (a stale worker cannot write). */
  lease?: Date;
  provider?: string;
  providerMessageId?: string;
  errorCode?: string;
  errorMessage?: string;
}

// One statement for a whole batch: each row moves only if it is still in `from` (and still under
// the lease), its time column is set, and its `message.<status>` event is written with it. A row
// that already moved (another worker, a duplicate receipt) is skipped and gets no second event.
// A live message that ends FAILED costs nothing: its price becomes 0 and its organization's month
// gives back what it held, in the same statement.
const TRANSITION_SQL = `
WITH t AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS t(organization_id text, id text, from_status text, to_status text, lease timestamptz, provider text, provider_message_id text,
         error_code text, error_message text, event_id text)
), failing AS MATERIALIZED (
  -- Live messages about to end FAILED are not billed (contract §8): what they held is released below.
  SELECT m.id, m.organization_id, m.price_units, m.segments,
         date_trunc('month', m.created_at AT TIME ZONE 'UTC')::date AS billing_month
  FROM messages m JOIN t ON t.organization_id = m.organization_id AND t.id = m.id
  WHERE t.to_status = 'FAILED' AND m.environment = 'live'
), moved AS (
  UPDATE messages m SET
    status = t.to_status::"MessageStatus",
    sent_at = CASE WHEN t.to_status = 'SENT' THEN $2::timestamptz ELSE m.sent_at END,
    delivered_at = CASE WHEN t.to_status = 'DELIVERED' THEN $2::timestamptz ELSE m.delivered_at END,
    failed_at = CASE WHEN t.to_status IN ('FAILED', 'UNDELIVERED') THEN $2::timestamptz ELSE m.failed_at END,
    price_units = CASE WHEN t.to_status = 'FAILED' THEN 0 ELSE m.price_units END,
    provider = COALESCE(t.provider, m.provider),
    provider_message_id = COALESCE(t.provider_message_id, m.provider_message_id),
    error_code = COALESCE(t.error_code, m.error_code),
    error_message = COALESCE(t.error_message, m.error_message),
    locked_until = NULL,
    updated_at = $2::timestamptz
  FROM t
  WHERE m.organization_id = t.organization_id AND m.id = t.id AND m.status::text = t.from_status AND (t.lease IS NULL OR m.locked_until = t.lease)
  RETURNING m.id, m.organization_id, m.status::text AS status, sg_message_event_payload(m) AS payload,
    m.environment::text AS environment, m.from_sender, m.segments
), dequeued AS MATERIALIZED (
  -- A live message leaving QUEUED leaves its sender's queue (contract §15). Locked in key order,
  -- before the billing months below, the order acceptance takes them in, so the two never deadlock.
  SELECT q.organization_id, q.sender, d.segments FROM sender_queues q
  JOIN (
    SELECT moved.organization_id, moved.from_sender AS sender, sum(moved.segments) AS segments
    FROM moved JOIN t ON t.organization_id = moved.organization_id AND t.id = moved.id
    WHERE t.from_status = 'QUEUED' AND moved.environment = 'live'
    GROUP BY moved.organization_id, moved.from_sender
  ) d ON q.organization_id = d.organization_id AND q.sender = d.sender
  ORDER BY q.organization_id, q.sender
  FOR UPDATE OF q
), dequeue AS (
  UPDATE sender_queues q SET queued_segments = greatest(q.queued_segments - d.segments, 0), updated_at = $2::timestamptz
  FROM dequeued d WHERE q.organization_id = d.organization_id AND q.sender = d.sender
  RETURNING 1
), events AS (
  INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
  SELECT t.event_id, moved.organization_id, 'message.' || lower(moved.status), moved.payload, $2::timestamptz,
    ${dispatchedAtUnlessSubscribed("moved.organization_id", "'message.' || lower(moved.status)", "$2::timestamptz")}
  FROM moved JOIN t ON t.organization_id = moved.organization_id AND t.id = moved.id
  RETURNING 1
), released AS MATERIALIZED (
  SELECT failing.organization_id, failing.billing_month, sum(failing.price_units) AS units,
         count(*) AS messages, sum(failing.segments) AS segments
  FROM failing JOIN moved ON moved.organization_id = failing.organization_id AND moved.id = failing.id
  GROUP BY 1, 2
), locked AS MATERIALIZED (
  -- In key order, like acceptance (sg_charge_live_messages), so the two never deadlock.
  SELECT b.organization_id, b.month FROM billing_months b
  JOIN released r ON r.organization_id = b.organization_id AND r.billing_month = b.month
  -- After the senders' rows (see dequeued): reading it first takes their locks first.
  WHERE (SELECT count(*) FROM dequeued) >= 0
  ORDER BY b.organization_id, b.month
  FOR UPDATE OF b
), unbilled AS (
  UPDATE billing_months b SET
    spend_units = b.spend_units - r.units,
    messages = b.messages - r.messages,
    segments = b.segments - r.segments,
    updated_at = $2::timestamptz
  FROM released r, locked l
  WHERE l.organization_id = r.organization_id AND l.month = r.billing_month
    AND b.organization_id = l.organization_id AND b.month = l.month
  RETURNING 1
)
SELECT moved.id FROM moved`;

/**
 * Apply a batch of lifecycle transitions with their outbox events, atomically per statement.
 * Returns the ids that moved. Pass a transaction when other writes must commit with them.
 */
export async function applyTransitions(
  db: DbOrTx | null,
  transitions: readonly Transition[],
  now: Date,
): Promise<string[]> {
  if (transitions.length === 0) return [];
  for (const t of transitions) {
    if (!ALLOWED_TRANSITIONS[t.from].includes(t.to)) throw new Error(`Invalid transition ${t.from} → ${t.to}`);
  }
  // One JSON parameter rather than nine arrays: JSON.stringify is native, where pg escapes array
  // elements one by one in JavaScript (this runs for every message, twice, in the pipeline).
  const rows = await runSql<{ id: string }>(
    db,
    TRANSITION_SQL,
    [
      JSON.stringify(
        transitions.map((t) => ({
          organization_id: t.organizationId,
          id: t.messageId,
          from_status: t.from,
          to_status: t.to,
          lease: t.lease?.toISOString() ?? null,
          provider: t.provider ?? null,
          provider_message_id: t.providerMessageId ?? null,
          error_code: t.errorCode ?? null,
          error_message: t.errorMessage ?? null,
          event_id: newId("evt"),
        })),
      ),
      now.toISOString(),
    ],
    "sg_message_transitions_json",
  );
  countTransitions(transitions, rows);
  return rows.map((r) => r.id);
}

function countTransitions(transitions: readonly Transition[], moved: readonly { id: string }[]): void {
  if (moved.length === 0) return;
  const to = new Map(transitions.map((t) => [t.messageId, t.to]));
  const counts = new Map<MessageStatus, number>();
  for (const { id } of moved) {
    const status = to.get(id);
    if (status) counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const counter = metrics().messageTransitions;
  for (const [status, n] of counts) counter.inc({ status }, n);
}
