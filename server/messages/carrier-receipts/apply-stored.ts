import { runSql } from "../../db/sql";
import { applyTransitions, type Transition } from "../transitions";

// Stored receipts whose message is known by (provider, provider id) and has left QUEUED. A receipt
// whose message is still QUEUED (the hand-off has not recorded SENT yet) or unknown stays.
const MATCHED_SQL = `
SELECT p.id, p.status, p.error_code, p.error_message, m.id AS message_id, m.status::text AS message_status
FROM carrier_receipts p
JOIN messages m ON m.provider = p.provider AND m.provider_message_id = p.provider_message_id
WHERE m.status <> 'QUEUED' AND ($1::text[] IS NULL OR p.id = ANY($1::text[]))
ORDER BY p.received_at
LIMIT $2`;

const DELETE_SQL = `DELETE FROM carrier_receipts WHERE id = ANY($1::text[])`;

// Receipts that never found their message: for a part other than the first of a long SMPP message
// (only the first part's id is kept), or for a message sent by another system on the same account.
const PRUNE_SQL = `DELETE FROM carrier_receipts WHERE received_at < $1::timestamptz`;

/** How long a receipt waits for its message to be recorded SENT before it is dropped. */
export const RECEIPT_WAIT_MS = 60 * 60_000;

interface Matched extends Record<string, unknown> {
  id: string;
  status: "DELIVERED" | "UNDELIVERED" | "FAILED";
  error_code: string | null;
  error_message: string | null;
  message_id: string;
  message_status: string;
}

/**
 * Apply stored receipts to their messages: SENT → DELIVERED / UNDELIVERED / FAILED, each with its
 * event (one statement), then forget them. No lock is needed: the transition is fenced on SENT, so
 * two processes applying the same receipt move the message once; a receipt for a message that is
 * already final (a duplicate, a replay) is just forgotten. `ids` narrows to receipts just stored.
 * Returns how many receipts were consumed.
 */
export async function applyStoredReceipts(
  now: Date,
  ids: readonly string[] | null = null,
  limit = 1000,
): Promise<number> {
  const matched = await runSql<Matched>(null, MATCHED_SQL, [ids, limit], "sg_matched_carrier_receipts");
  if (matched.length === 0) return 0;
  // One transition per message (the earliest receipt wins): two in one statement would write two events.
  const transitions = new Map<string, Transition>();
  for (const r of matched) {
    if (r.message_status !== "SENT" || transitions.has(r.message_id)) continue;
    transitions.set(r.message_id, {
      messageId: r.message_id,
      from: "SENT",
      to: r.status,
      errorCode: r.error_code ?? undefined,
      errorMessage: r.error_message ?? undefined,
    });
  }
  await applyTransitions(null, [...transitions.values()], now);
  await runSql(null, DELETE_SQL, [matched.map((r) => r.id)], "sg_delete_carrier_receipts");
  return matched.length;
}

/** Drop receipts that waited longer than RECEIPT_WAIT_MS for a message. */
export async function pruneStoredReceipts(now: Date): Promise<void> {
  await runSql(null, PRUNE_SQL, [new Date(now.getTime() - RECEIPT_WAIT_MS).toISOString()], "sg_prune_carrier_receipts");
}
