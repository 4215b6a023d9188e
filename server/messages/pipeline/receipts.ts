import type { DbOrTx } from "../../db/client";
import type { DeliveryReceipt } from "../../carriers/types";
import { applyTransitions, type Transition } from "../transitions";

/**
 * Apply delivery receipts (from the sandbox today; from carrier callbacks and SMPP deliver_sm
 * later): SENT → DELIVERED or UNDELIVERED with the carrier's error code, each with its event.
 * A receipt for a message that is not SENT (a duplicate, or already final) changes nothing.
 */
export async function applyReceipts(
  db: DbOrTx | null,
  receipts: readonly DeliveryReceipt[],
  now: Date,
): Promise<string[]> {
  return applyTransitions(db, receiptTransitions(receipts), now);
}

export function receiptTransitions(receipts: readonly DeliveryReceipt[]): Transition[] {
  return receipts.map((r) => ({
    messageId: r.messageId,
    organizationId: r.organizationId,
    from: "SENT" as const,
    to: r.status,
    errorCode: r.errorCode,
    errorMessage: r.errorMessage,
  }));
}
