import { runSql } from "../../db/sql";
import { isolateBatch } from "../../isolation/isolate-batch";
import { isolateItem } from "../../isolation/isolate-item";
import { reasonOf, type ItemFailure, type RunnerItem } from "../../isolation/item-failure";
import { attemptClaimed } from "./attempt-claimed";
import type { ClaimedDelivery } from "./claim";
import { commitOutcomes } from "./commit-outcomes";
import type { AttemptOutcome } from "./outcome";

// The webhook worker's units of isolation (server/isolation/): a delivery whose attempt throws (not
// an HTTP failure, which is an ordinary outcome: its secret cannot be opened, say), or whose outcome
// cannot be written, is set aside FAILED with the reason and error reference in its delivery log,
// and every other delivery goes on.

const deliveryItem = (d: { id: string; organizationId?: string }): RunnerItem => ({
  runner: "webhook-worker",
  kind: "delivery",
  id: d.id,
  organizationId: d.organizationId,
});

const reason = (failure: ItemFailure) => reasonOf(failure, "An internal error stopped this delivery");

/** Makes the claimed attempt; one that throws on its own account is answered FAILED with the reason. */
export async function attemptIsolated(d: ClaimedDelivery): Promise<AttemptOutcome> {
  // Setting aside is the outcome below, recorded with the others.
  const made = await isolateItem(
    deliveryItem(d),
    () => attemptClaimed(d),
    async () => {},
  );
  if (made.ok) return made.value;
  return {
    organizationId: d.organizationId,
    deliveryId: d.id,
    from: "PENDING",
    lease: d.lease,
    attempt: d.attempt,
    result: { ok: false, statusCode: null, responseTimeMs: 0, responseBody: null, error: reason(made.failure) },
    next: "FAILED",
    nextAttemptAt: null,
    disableWebhook: false,
  };
}

const FAIL_SQL = `
UPDATE webhook_deliveries d SET status = 'FAILED', next_attempt_at = NULL, locked_until = NULL, last_error = f.error,
  updated_at = $4::timestamptz
FROM unnest($1::text[], $2::timestamptz[], $3::text[], $5::text[]) AS f(id, lease, error, organization_id)
WHERE d.organization_id = f.organization_id AND d.id = f.id AND d.locked_until = f.lease AND d.status IN ('PENDING', 'RETRYING')`;

/**
 * commitOutcomes, taken apart should one delivery's outcome fail to be written on its own account:
 * the others are recorded, and that delivery is set aside FAILED (rather than left to its lease
 * and sent again, forever).
 */
export async function commitOutcomesIsolated(outcomes: readonly AttemptOutcome[]): Promise<void> {
  await isolateBatch({
    items: outcomes,
    describe: (o) => deliveryItem({ id: o.deliveryId, organizationId: o.organizationId }),
    work: async (part) => void (await commitOutcomes(part)),
    setAside: async (failed) => {
      await runSql(null, FAIL_SQL, [
        failed.map((f) => f.item.deliveryId),
        failed.map((f) => f.item.lease.toISOString()),
        failed.map((f) => reason(f.failure)),
        new Date().toISOString(),
        failed.map((f) => f.item.organizationId),
      ]);
    },
  });
}
