import { runSql } from "../../db/sql";
import { SANDBOX_NUMBERS, SANDBOX_PROVIDER, sandboxReceipt } from "../../carriers/sandbox";
import { applyTransitionsIsolated } from "../set-aside-messages";
import { receiptTransitions } from "./receipts";

// SENT sandbox messages whose simulated network delay has passed. The magic "no receipt" number is
// left out here, or those rows would sit at the head of the queue forever.
const DUE_SQL = `
SELECT organization_id, id, to_number FROM messages
WHERE status = 'SENT' AND provider = $1 AND sent_at <= $2::timestamptz AND to_number <> $3
  AND ($5::text IS NULL OR organization_id = $5::text)
ORDER BY sent_at
LIMIT $4`;

/**
 * The sandbox's delivery receipts: each SENT sandbox message gets its final status once it has
 * been SENT for `delayMs`. Durable by construction: the due receipts are read from the messages
 * themselves, so a restart loses none. Two workers may read the same rows; the transition is
 * fenced on SENT, so only one of them moves each message (and writes its event).
 */
export async function deliverSandboxReceipts(
  now: Date,
  delayMs: number,
  limit = 1000,
  organizationId: string | null = null,
): Promise<number> {
  const due = await runSql<{ organization_id: string; id: string; to_number: string }>(
    null,
    DUE_SQL,
    [
      SANDBOX_PROVIDER,
      new Date(now.getTime() - delayMs).toISOString(),
      SANDBOX_NUMBERS.noReceipt,
      limit,
      organizationId,
    ],
    "sg_sandbox_due_receipts",
  );
  const receipts = due.flatMap((row) => sandboxReceipt(row.organization_id, row.id, row.to_number) ?? []);
  // A receipt that cannot be recorded on its own (its message's fault) must not hold up the others.
  await applyTransitionsIsolated("sandbox-receipts", receiptTransitions(receipts), now);
  return due.length;
}
