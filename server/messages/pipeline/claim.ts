import { runSql } from "../../db/sql";
import type { OutboundMessage } from "../../carriers/types";

export interface ClaimedMessage extends OutboundMessage {
  lease: Date;
}

// sg_claim_queued_messages (migration 20261124040000_pipeline_plans): FOR UPDATE SKIP LOCKED, so
// concurrent workers (processes sharing PostgreSQL) take disjoint rows, in next_attempt_at order
// through the QUEUED index whatever the table's statistics say. The lease makes the claim survive
// the statement: a worker that dies holding it loses the rows when the lease expires, and the
// next worker hands them over instead.
const CLAIM_SQL = "SELECT * FROM sg_claim_queued_messages($1::timestamptz, $2::timestamptz, $3::int, $4::text)";

interface Row extends Record<string, unknown> {
  id: string;
  organization_id: string;
  environment: "live" | "test";
  to_number: string;
  from_sender: string;
  body: string;
  segments: number;
  encoding: "GSM-7" | "UCS-2";
  attempts: number;
  locked_until: Date | string;
  provider: string | null;
}

/**
 * Claim up to `limit` QUEUED messages that are due, under a lease of `leaseMs`; `organizationId`
 * narrows a round to one organization (tests sharing one PostgreSQL keep to their own rows).
 */
export async function claimQueuedMessages(
  now: Date,
  limit: number,
  leaseMs: number,
  organizationId: string | null = null,
): Promise<ClaimedMessage[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const rows = await runSql<Row>(
    null,
    CLAIM_SQL,
    [now.toISOString(), lease.toISOString(), limit, organizationId],
    "sg_claim_queued_messages",
  );
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    environment: r.environment,
    to: r.to_number,
    from: r.from_sender,
    body: r.body,
    segments: r.segments,
    encoding: r.encoding,
    attempt: r.attempts,
    lease: new Date(r.locked_until),
    // A QUEUED message has a provider only when pinned to it (an unanswered earlier hand-off).
    pinnedProvider: r.provider,
  }));
}

const RELEASE_SQL = `
UPDATE messages m SET locked_until = NULL, next_attempt_at = t.next_attempt_at, updated_at = $4::timestamptz,
  provider = COALESCE(t.pin_provider, m.provider)
FROM unnest($6::text[], $1::text[], $2::timestamptz[], $3::timestamptz[], $5::text[])
  AS t(organization_id, id, next_attempt_at, lease, pin_provider)
WHERE m.organization_id = t.organization_id AND m.id = t.id AND m.status = 'QUEUED' AND m.locked_until = t.lease`;

export interface RetryRelease {
  organizationId: string;
  id: string;
  lease: Date;
  nextAttemptAt: Date;
  /** The provider may hold the message already: it stays pinned to it. */
  pinProvider?: string;
}

/** Put claimed messages back in the queue, due again at their own time (a retryable refusal). */
export async function releaseForRetry(retries: readonly RetryRelease[], now: Date): Promise<void> {
  if (retries.length === 0) return;
  await runSql(
    null,
    RELEASE_SQL,
    [
      retries.map((r) => r.id),
      retries.map((r) => r.nextAttemptAt.toISOString()),
      retries.map((r) => r.lease.toISOString()),
      now.toISOString(),
      retries.map((r) => r.pinProvider ?? null),
      retries.map((r) => r.organizationId),
    ],
    "sg_release_messages",
  );
}
