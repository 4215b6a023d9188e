import type { DbOrTx } from "../../db/client";
import { runSql } from "../../db/sql";
import { decideOutcome } from "./outcome";
import { recordOutcomes } from "./record-outcomes";
import { sendAttempt } from "./send-attempt";

// Take attempt number $2 of a RETRYING delivery of round $3, if nobody has: the attempt count is
// the fence, so a replayed step or a second runner never sends the same attempt twice.
const CLAIM_SQL = `
UPDATE webhook_deliveries d SET attempt_count = $2, locked_until = $4::timestamptz, updated_at = $5::timestamptz
FROM webhooks w
WHERE d.organization_id = $6 AND d.id = $1 AND w.organization_id = d.organization_id AND w.id = d.webhook_id AND w.is_active
  AND d.status = 'RETRYING' AND d.round = $3 AND d.attempt_count = $2 - 1
RETURNING d.event_id, d.body, d.locked_until, w.url, w.secret_ciphertext`;

const STATE_SQL = `
SELECT d.status::text AS status, d.round, d.attempt_count, w.is_active FROM webhook_deliveries d
JOIN webhooks w ON w.organization_id = d.organization_id AND w.id = d.webhook_id
WHERE d.organization_id = $2 AND d.id = $1`;

const STOP_SQL = `
UPDATE webhook_deliveries SET status = 'FAILED', next_attempt_at = NULL, locked_until = NULL,
  last_error = $2, updated_at = $3::timestamptz
WHERE organization_id = $5 AND id = $1 AND status = 'RETRYING' AND round = $4`;

/** A delivery by its key: the retry job names it so (its event carries the organization). */
export interface DeliveryRef {
  organizationId: string;
  id: string;
}

/**
 * The organization of a delivery known by its id alone: only for retry events sent before
 * migration 20261202010000, which named the delivery without it (one scan each, while they last).
 */
export async function deliveryOf(db: DbOrTx, deliveryId: string): Promise<DeliveryRef | null> {
  const [row] = await runSql<{ organization_id: string }>(
    db,
    `SELECT organization_id FROM webhook_deliveries WHERE id = $1`,
    [deliveryId],
  );
  return row ? { organizationId: row.organization_id, id: deliveryId } : null;
}

export type RetryResult = { done: true; status: string } | { done: false };

/** Ends a RETRYING delivery of `round` FAILED with `error` (its retries stop). */
export async function stopRetries(
  db: DbOrTx,
  delivery: DeliveryRef,
  round: number,
  error: string,
  now: Date,
): Promise<void> {
  await runSql(db, STOP_SQL, [delivery.id, error, now.toISOString(), round, delivery.organizationId]);
}

/**
 * One scheduled retry (attempt 2 to 6) of a delivery, for the retry job. Stops (done) when the
 * delivery is gone (webhook deleted), was redelivered by hand (new round), already finished, or
 * its webhook is disabled (the delivery fails, so a disabled endpoint gets nothing more).
 */
export async function retryAttempt(
  db: DbOrTx,
  delivery: DeliveryRef,
  round: number,
  attempt: number,
  now: Date,
): Promise<RetryResult> {
  const deliveryId = delivery.id;
  const lease = new Date(now.getTime() + 60_000);
  const [claimed] = await runSql<{
    event_id: string;
    body: string;
    locked_until: Date | string;
    url: string;
    secret_ciphertext: string | null;
  }>(db, CLAIM_SQL, [deliveryId, attempt, round, lease.toISOString(), now.toISOString(), delivery.organizationId]);

  if (!claimed) {
    const [state] = await runSql<{ status: string; round: number; attempt_count: number; is_active: boolean }>(
      db,
      STATE_SQL,
      [deliveryId, delivery.organizationId],
    );
    if (!state) return { done: true, status: "DELETED" };
    if (state.status !== "RETRYING" || state.round !== round) return { done: true, status: state.status };
    if (!state.is_active) {
      await stopRetries(db, delivery, round, "The webhook was disabled; retries stopped.", now);
      return { done: true, status: "FAILED" };
    }
    // This attempt was taken before (a step cut short after sending): it counts; go on.
    return state.attempt_count >= attempt ? { done: false } : { done: true, status: state.status };
  }

  const result = await sendAttempt(
    { url: claimed.url, secretCiphertext: claimed.secret_ciphertext, eventId: claimed.event_id, body: claimed.body },
    now,
  );
  const decided = decideOutcome(attempt, result, new Date(), true);
  await recordOutcomes(
    db,
    [
      {
        organizationId: delivery.organizationId,
        deliveryId,
        from: "RETRYING",
        lease: new Date(claimed.locked_until),
        attempt,
        result,
        ...decided,
      },
    ],
    new Date(),
  );
  return decided.next === "RETRYING" ? { done: false } : { done: true, status: decided.next };
}
