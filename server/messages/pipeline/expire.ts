import { getDb } from "../../db/client";
import { runSql } from "../../db/sql";
import { applyTransitions } from "../transitions";

/** The errorCode of a message whose validity ended before a carrier took it (contract §15). */
export const EXPIRED_CODE = "expired";

// Through the expiry index (status QUEUED, expires_at set): the soonest first, at most $2. A
// message a hand-off holds under a live lease is left alone: it is with its carrier or about to be.
// FOR UPDATE SKIP LOCKED, in the transaction that fails them, so a claim running at the same moment
// either waits for it (and then finds the row FAILED) or took the row first and this skips it.
const DUE_SQL = `
SELECT organization_id, id FROM messages
WHERE status = 'QUEUED' AND expires_at IS NOT NULL AND expires_at <= $1::timestamptz
  AND (locked_until IS NULL OR locked_until < $1::timestamptz)
  AND ($3::text IS NULL OR organization_id = $3)
ORDER BY expires_at
LIMIT $2
FOR UPDATE SKIP LOCKED`;

/**
 * Fail, with `expired` and their `message.failed` event, up to `limit` QUEUED messages whose
 * validity has ended; a live one gives back its spend reservation (transitions.ts: a live message
 * that ends FAILED is not billed) and leaves its sender's queue. Returns how many.
 */
export async function expireMessages(now: Date, limit: number, organizationId: string | null = null): Promise<number> {
  return getDb().$transaction(async (tx) => {
    const due = await runSql<{ organization_id: string; id: string }>(tx, DUE_SQL, [
      now.toISOString(),
      limit,
      organizationId,
    ]);
    if (due.length === 0) return 0;
    const moved = await applyTransitions(
      tx,
      due.map((m) => ({
        organizationId: m.organization_id,
        messageId: m.id,
        from: "QUEUED" as const,
        to: "FAILED" as const,
        errorCode: EXPIRED_CODE,
        errorMessage: "The message's validity period ended before a carrier could take it; it was not sent or billed.",
      })),
      now,
    );
    return moved.length;
  });
}
