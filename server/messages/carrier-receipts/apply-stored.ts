import { runSql } from "../../db/sql";
import { applyTransitionsIsolated } from "../set-aside-messages";
import type { Transition } from "../transitions";

// Stored receipts and the message each can still be applied to: one of that provider with that
// provider id that is SENT (a final message never takes a receipt, so it can never swallow one
// meant for a newer message with a reused id), to the receipt's handset where the carrier named
// it (compared as digits, the shorter a suffix of the longer), and our message id where the carrier
// echoed it; the newest such message first, since an SMSC that restarted numbers from 1 again and
// only its newest message with an id is still waiting. A receipt whose message is still QUEUED (its
// SENT record is being written), or unknown, matches nothing and waits for a later round.
const MATCHED_SQL = `
SELECT * FROM (
  SELECT DISTINCT ON (p.id) p.id, p.status, p.error_code, p.error_message, p.received_at, m.id AS message_id,
         m.organization_id
  FROM carrier_receipts p
  JOIN messages m ON m.provider = p.provider AND m.provider_message_id = p.provider_message_id
  WHERE m.status = 'SENT'
    AND (p.message_id IS NULL OR m.id = p.message_id)
    AND (p.handset IS NULL
         OR right(ltrim(m.to_number, '+'), length(p.handset)) = p.handset
         OR right(p.handset, length(ltrim(m.to_number, '+'))) = ltrim(m.to_number, '+'))
    AND ($1::text[] IS NULL OR p.id = ANY($1::text[]))
  ORDER BY p.id, m.id DESC
) matched
ORDER BY received_at, id
LIMIT $2`;

const DELETE_SQL = `DELETE FROM carrier_receipts WHERE id = ANY($1::text[])`;

// Receipts that never found their message: for a part other than the first of a long SMPP message
// (only the first part's id is kept), a duplicate of one already applied, or a message sent by
// another system on the same account.
const PRUNE_SQL = `DELETE FROM carrier_receipts WHERE received_at < $1::timestamptz`;

/** How long a receipt waits for its message to be recorded SENT before it is dropped. */
export const RECEIPT_WAIT_MS = 60 * 60_000;

interface Matched extends Record<string, unknown> {
  id: string;
  status: "DELIVERED" | "UNDELIVERED" | "FAILED";
  error_code: string | null;
  error_message: string | null;
  message_id: string;
  organization_id: string;
}

/**
 * Apply stored receipts to their messages: SENT → DELIVERED / UNDELIVERED / FAILED, each with its
 * event (one statement), then forget exactly the receipts that moved a message. No lock is needed:
 * the transition is fenced on SENT, so two processes applying the same receipt move the message
 * once, and the loser keeps its receipt for a later round (where it matches another SENT message
 * with the same id, or nothing, and is pruned). `ids` narrows to receipts just stored. Returns how
 * many receipts were consumed.
 */
export async function applyStoredReceipts(
  now: Date,
  ids: readonly string[] | null = null,
  limit = 1000,
): Promise<number> {
  const matched = await runSql<Matched>(null, MATCHED_SQL, [ids, limit], "sg_matched_carrier_receipts_sent");
  if (matched.length === 0) return 0;
  // One receipt per message (the earliest): two in one statement would write two events. A second
  // receipt for the same message id waits: it may be for an older message with that id.
  const byMessage = new Map<string, Matched>();
  for (const r of matched) if (!byMessage.has(r.message_id)) byMessage.set(r.message_id, r);
  const transitions: Transition[] = [...byMessage.values()].map((r) => ({
    organizationId: r.organization_id,
    messageId: r.message_id,
    from: "SENT",
    to: r.status,
    errorCode: r.error_code ?? undefined,
    errorMessage: r.error_message ?? undefined,
  }));
  const moved = new Set(await applyTransitionsIsolated("carrier-receipts", transitions, now));
  const consumed = [...byMessage.values()].filter((r) => moved.has(r.message_id)).map((r) => r.id);
  if (consumed.length > 0) await runSql(null, DELETE_SQL, [consumed], "sg_delete_carrier_receipts");
  return consumed.length;
}

/** Drop receipts that waited longer than RECEIPT_WAIT_MS for a message. */
export async function pruneStoredReceipts(now: Date): Promise<void> {
  await runSql(null, PRUNE_SQL, [new Date(now.getTime() - RECEIPT_WAIT_MS).toISOString()], "sg_prune_carrier_receipts");
}
