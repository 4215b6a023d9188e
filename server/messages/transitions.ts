import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { newId } from "../ids";

export type MessageStatus = "QUEUED" | "SENT" | "DELIVERED" | "FAILED" | "UNDELIVERED";

/**
 * The lifecycle (contract §5): QUEUED → SENT → DELIVERED | UNDELIVERED, QUEUED → FAILED. A real
 * carrier can also report, after taking a message, that it could not send it at all (Twilio's
 * `failed`): SENT → FAILED, keeping the carrier's error code (issue "Real carriers").
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<MessageStatus, readonly MessageStatus[]>> = {
  QUEUED: ["SENT", "FAILED"],
  SENT: ["DELIVERED", "UNDELIVERED", "FAILED"],
  DELIVERED: [],
  FAILED: [],
  UNDELIVERED: [],
};

export interface Transition {
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
const TRANSITION_SQL = `
WITH t AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[], $6::text[], $7::text[],
                       $8::text[], $9::text[])
    AS t(id, from_status, to_status, lease, provider, provider_message_id, error_code, error_message, event_id)
), moved AS (
  UPDATE messages m SET
    status = t.to_status::"MessageStatus",
    sent_at = CASE WHEN t.to_status = 'SENT' THEN $10::timestamptz ELSE m.sent_at END,
    delivered_at = CASE WHEN t.to_status = 'DELIVERED' THEN $10::timestamptz ELSE m.delivered_at END,
    failed_at = CASE WHEN t.to_status IN ('FAILED', 'UNDELIVERED') THEN $10::timestamptz ELSE m.failed_at END,
    provider = COALESCE(t.provider, m.provider),
    provider_message_id = COALESCE(t.provider_message_id, m.provider_message_id),
    error_code = COALESCE(t.error_code, m.error_code),
    error_message = COALESCE(t.error_message, m.error_message),
    locked_until = NULL,
    updated_at = $10::timestamptz
  FROM t
  WHERE m.id = t.id AND m.status::text = t.from_status AND (t.lease IS NULL OR m.locked_until = t.lease)
  RETURNING m.id, m.organization_id, m.status::text AS status, sg_message_event_payload(m) AS payload
), events AS (
  INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
  SELECT t.event_id, moved.organization_id, 'message.' || lower(moved.status), moved.payload, $10::timestamptz
  FROM moved JOIN t ON t.id = moved.id
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
  const col = <T>(f: (t: Transition) => T) => transitions.map(f);
  const rows = await runSql<{ id: string }>(
    db,
    TRANSITION_SQL,
    [
      col((t) => t.messageId),
      col((t) => t.from),
      col((t) => t.to),
      col((t) => t.lease?.toISOString() ?? null),
      col((t) => t.provider ?? null),
      col((t) => t.providerMessageId ?? null),
      col((t) => t.errorCode ?? null),
      col((t) => t.errorMessage ?? null),
      col(() => newId("evt")),
      now.toISOString(),
    ],
    "sg_message_transitions",
  );
  return rows.map((r) => r.id);
}
