import { runSql } from "../../db/sql";
import type { OutboundMessage } from "../../carriers/types";

export interface ClaimedMessage extends OutboundMessage {
  lease: Date;
  /** Live messages: when the sender's slot for this message begins (contract §15 pacing). */
  slotAt?: Date;
}

// sg_claim_queued_messages (migration 20261124040000_pipeline_plans): FOR UPDATE SKIP LOCKED, so
// concurrent workers (processes sharing PostgreSQL) take disjoint rows, in next_attempt_at order
// through the QUEUED index whatever the table's statistics say. The lease makes the claim survive
// the statement: a worker that dies holding it loses the rows when the lease expires, and the
// next worker hands them over instead.
const CLAIM_SQL = "SELECT * FROM sg_claim_queued_messages($1::timestamptz, $2::timestamptz, $3::int, $4::text)";
// SENDER_PACING=off (benchmarks): live messages as they come due, no sender's queue read or kept.
const UNPACED_LIVE_SQL =
  "SELECT * FROM sg_claim_unpaced_live_messages($1::timestamptz, $2::timestamptz, $3::int, $4::text)";

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
 * Claim up to `limit` QUEUED sandbox messages that are due, under a lease of `leaseMs` (or, with
 * `unpacedLive`, live ones as SENDER_PACING=off hands them over); `organizationId` narrows a round
 * to one organization (tests sharing one PostgreSQL keep to their own rows).
 */
export async function claimQueuedMessages(
  now: Date,
  limit: number,
  leaseMs: number,
  organizationId: string | null = null,
  unpacedLive = false,
): Promise<ClaimedMessage[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const rows = await runSql<Row>(
    null,
    unpacedLive ? UNPACED_LIVE_SQL : CLAIM_SQL,
    [now.toISOString(), lease.toISOString(), limit, organizationId],
    unpacedLive ? "sg_claim_unpaced_live_messages" : "sg_claim_queued_messages",
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

// sg_claim_paced_messages (migration 20261202100000_live_delivery): senders whose next slot is
// before the horizon, most overdue first, each FOR UPDATE SKIP LOCKED (two processes never take the
// same sender's slots); their oldest messages that fit in the slots up to the horizon.
const PACED_SQL =
  "SELECT * FROM sg_claim_paced_messages($1::timestamptz, $2::timestamptz, $3::timestamptz, $4::int, $5::int, $6::text)";

interface PacedRow extends Record<string, unknown> {
  id: string;
  organization_id: string;
  to_number: string;
  from_sender: string;
  body: string;
  segments: number;
  encoding: "GSM-7" | "UCS-2";
  attempts: number;
  locked_until: Date | string;
  provider: string | null;
  slot_at: Date | string;
}

export interface PacedClaim {
  now: Date;
  /** Slots up to this time are taken this round. */
  horizon: Date;
  leaseMs: number;
  /** Senders a round at most. */
  senders: number;
  /** Messages a sender a round at most. */
  perSender: number;
  organizationId: string | null;
}

/** Claim live messages in their senders' slots up to the horizon (contract §15), each with its slot's time. */
export async function claimPacedMessages(claim: PacedClaim): Promise<ClaimedMessage[]> {
  const lease = new Date(claim.now.getTime() + claim.leaseMs);
  const rows = await runSql<PacedRow>(
    null,
    PACED_SQL,
    [
      claim.now.toISOString(),
      claim.horizon.toISOString(),
      lease.toISOString(),
      claim.senders,
      claim.perSender,
      claim.organizationId,
    ],
    "sg_claim_paced_messages",
  );
  return rows.map((r) => ({
    id: r.id,
    organizationId: r.organization_id,
    environment: "live" as const,
    to: r.to_number,
    from: r.from_sender,
    body: r.body,
    segments: r.segments,
    encoding: r.encoding,
    attempt: r.attempts,
    lease: new Date(r.locked_until),
    pinnedProvider: r.provider,
    slotAt: new Date(r.slot_at),
  }));
}

const RELEASE_SQL = `
UPDATE messages m SET locked_until = NULL, next_attempt_at = t.next_attempt_at, updated_at = $4::timestamptz,
  provider = COALESCE(t.pin_provider, m.provider),
  attempts = CASE WHEN t.throttled THEN greatest(m.attempts - 1, 0) ELSE m.attempts END
FROM unnest($6::text[], $1::text[], $2::timestamptz[], $3::timestamptz[], $5::text[], $7::boolean[])
  AS t(organization_id, id, next_attempt_at, lease, pin_provider, throttled)
WHERE m.organization_id = t.organization_id AND m.id = t.id AND m.status = 'QUEUED' AND m.locked_until = t.lease`;

export interface RetryRelease {
  organizationId: string;
  id: string;
  lease: Date;
  nextAttemptAt: Date;
  /** The provider may hold the message already: it stays pinned to it. */
  pinProvider?: string;
  /** A carrier's "slow down" (contract §15): the attempt does not count, the message never fails for it. */
  throttled?: boolean;
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
      retries.map((r) => r.throttled ?? false),
    ],
    "sg_release_messages_throttled",
  );
}
