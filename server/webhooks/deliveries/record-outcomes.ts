import type { DbOrTx } from "../../db/client";
import { runSql } from "../../db/sql";
import type { AttemptOutcome } from "./outcome";

export const GONE_REASON =
  "The endpoint answered 410 Gone, so SignalGate disabled this webhook. Re-enable it to resume.";

// A batch of attempt outcomes in one statement: each delivery moves only if it still has the
// status and lease the attempt was made under (a worker whose lease expired cannot overwrite the
// one that took over), its attempt is logged once (unique per number), and a 410 disables the
// webhook in the same commit.
const RECORD_SQL = `
WITH o AS (
  SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::int[], $5::int[], $6::int[], $7::text[],
                       $8::text[], $9::text[], $10::timestamptz[], $11::bool[], $14::text[])
    AS o(id, from_status, lease, attempt, status_code, response_time_ms, error, response_body, next_status,
         next_attempt_at, disable, organization_id)
), updated AS (
  UPDATE webhook_deliveries d SET status = o.next_status::"DeliveryStatus", next_attempt_at = o.next_attempt_at,
    locked_until = NULL, last_status_code = o.status_code, last_error = o.error, updated_at = $12::timestamptz
  FROM o
  WHERE d.organization_id = o.organization_id AND d.id = o.id AND d.status::text = o.from_status
    AND d.locked_until = o.lease
  RETURNING d.organization_id, d.id, d.webhook_id, d.round
), attempts AS (
  INSERT INTO webhook_attempts (id, organization_id, delivery_id, attempt, status_code, response_time_ms, error,
                                response_body, created_at)
  SELECT sg_new_id('att'), o.organization_id, o.id, o.attempt, o.status_code, o.response_time_ms, o.error,
    o.response_body, $12::timestamptz
  FROM o JOIN updated u ON u.id = o.id
  ON CONFLICT (organization_id, delivery_id, attempt) DO NOTHING
  RETURNING 1
), disabled AS (
  UPDATE webhooks w SET is_active = false, disabled_reason = $13, updated_at = $12::timestamptz
  FROM o JOIN updated u ON u.id = o.id
  WHERE o.disable AND w.organization_id = u.organization_id AND w.id = u.webhook_id
  RETURNING 1
)
SELECT u.id, u.round, o.next_status FROM updated u JOIN o ON o.id = u.id`;

/** Record outcomes; returns the deliveries that moved, with their round and new status. */
export async function recordOutcomes(
  db: DbOrTx | null,
  outcomes: readonly AttemptOutcome[],
  now: Date,
): Promise<{ id: string; round: number; next_status: string }[]> {
  if (outcomes.length === 0) return [];
  const col = <T>(f: (o: AttemptOutcome) => T) => outcomes.map(f);
  return runSql(
    db,
    RECORD_SQL,
    [
      col((o) => o.deliveryId),
      col((o) => o.from),
      col((o) => o.lease.toISOString()),
      col((o) => o.attempt),
      col((o) => o.result.statusCode),
      col((o) => Math.round(o.result.responseTimeMs)),
      col((o) => o.result.error),
      col((o) => o.result.responseBody),
      col((o) => o.next),
      col((o) => o.nextAttemptAt?.toISOString() ?? null),
      col((o) => o.disableWebhook),
      now.toISOString(),
      GONE_REASON,
      col((o) => o.organizationId),
    ],
    "sg_record_webhook_outcomes",
  );
}
