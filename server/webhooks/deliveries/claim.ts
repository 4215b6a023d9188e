import { runSql } from "../../db/sql";

export interface ClaimedDelivery {
  id: string;
  organizationId: string;
  webhookId: string;
  eventId: string;
  body: string;
  attempt: number;
  round: number;
  lease: Date;
  url: string;
  secretCiphertext: string | null;
}

// Due PENDING deliveries of active webhooks (SKIP LOCKED: concurrent workers take disjoint rows),
// at most $5 per webhook and none of the webhooks this process already has enough in flight to:
// one slow endpoint then holds a few slots, never the whole worker. The attempt number is taken
// with the claim, so two workers can never make the same attempt.
const CLAIM_SQL = `
WITH candidates AS (
  SELECT d.organization_id, d.id, d.webhook_id, d.next_attempt_at FROM webhook_deliveries d
  JOIN webhooks w ON w.organization_id = d.organization_id AND w.id = d.webhook_id AND w.is_active
  WHERE d.status = 'PENDING' AND d.next_attempt_at <= $1::timestamptz
    AND (d.locked_until IS NULL OR d.locked_until < $1::timestamptz)
    AND NOT (d.webhook_id = ANY($4::text[]))
    AND ($6::text IS NULL OR d.organization_id = $6::text)
  ORDER BY d.next_attempt_at
  LIMIT $3 * 2
  FOR UPDATE OF d SKIP LOCKED
), due AS (
  SELECT organization_id, id FROM (
    SELECT organization_id, id, next_attempt_at, row_number() OVER (PARTITION BY webhook_id ORDER BY next_attempt_at) AS n FROM candidates
  ) ranked
  WHERE n <= $5
  ORDER BY next_attempt_at
  LIMIT $3
)
UPDATE webhook_deliveries d SET locked_until = $2::timestamptz, attempt_count = d.attempt_count + 1,
  updated_at = $1::timestamptz
FROM due, webhooks w
WHERE d.organization_id = due.organization_id AND d.id = due.id
  AND w.organization_id = d.organization_id AND w.id = d.webhook_id
RETURNING d.id, d.organization_id, d.webhook_id, d.event_id, d.body, d.attempt_count, d.round, d.locked_until, w.url,
  w.secret_ciphertext`;

interface Row extends Record<string, unknown> {
  id: string;
  organization_id: string;
  webhook_id: string;
  event_id: string;
  body: string;
  attempt_count: number;
  round: number;
  locked_until: Date | string;
  url: string;
  secret_ciphertext: string | null;
}

export async function claimDueDeliveries(
  now: Date,
  options: {
    limit: number;
    leaseMs: number;
    busyWebhooks: readonly string[];
    perWebhook: number;
    organizationId?: string;
  },
): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const rows = await runSql<Row>(
    null,
    CLAIM_SQL,
    [
      now.toISOString(),
      new Date(now.getTime() + options.leaseMs).toISOString(),
      options.limit,
      [...options.busyWebhooks],
      options.perWebhook,
      options.organizationId ?? null,
    ],
    "sg_claim_webhook_deliveries",
  );
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    webhookId: r.webhook_id,
    eventId: r.event_id,
    body: r.body,
    attempt: r.attempt_count,
    round: r.round,
    lease: new Date(r.locked_until),
    url: r.url,
    secretCiphertext: r.secret_ciphertext,
  }));
}
