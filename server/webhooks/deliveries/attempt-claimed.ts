import type { ClaimedDelivery } from "./claim";
import { decideOutcome, type AttemptOutcome } from "./outcome";
import { sendAttempt } from "./send-attempt";

/**
 * Make the claimed attempt and say what it means. Round 0 is the event's own delivery, whose
 * failures enter the retry schedule; a manual redeliver (round > 0) is one attempt.
 */
export async function attemptClaimed(d: ClaimedDelivery): Promise<AttemptOutcome> {
  const result = await sendAttempt(d);
  const now = new Date();
  return {
    organizationId: d.organizationId,
    deliveryId: d.id,
    from: "PENDING",
    lease: d.lease,
    attempt: d.attempt,
    result,
    ...decideOutcome(d.attempt, result, now, d.round === 0),
  };
}
