import { AppError } from "../errors";
import { runSql } from "../db/sql";

/** Contract §15: a sender's queue holds at most this many seconds of its sending. */
export const QUEUE_BOUND_SECONDS = 14_400;

/**
 * Seconds until a full queue has room for `segments` more at its pace: what it holds past the
 * bound, sent at mps. At least 1.
 */
export function secondsUntilRoom(queued: number, mps: number, segments: number): number {
  const over = queued + segments - mps * QUEUE_BOUND_SECONDS;
  return Math.max(1, Math.ceil(over / mps));
}

/** 429 `queue_full` naming the sender, with Retry-After from its queue as it stands. */
export async function queueFullError(organizationId: string, sender: string, segments: number): Promise<AppError> {
  const [row] = await runSql<{ queued: string | number; mps: number }>(
    null,
    "SELECT queued_segments AS queued, mps FROM sender_queues WHERE organization_id = $1 AND sender = $2",
    [organizationId, sender],
  );
  const queued = Number(row?.queued ?? 0);
  const mps = Number(row?.mps ?? 1);
  const wait = secondsUntilRoom(queued, mps, segments);
  return new AppError(
    "queue_full",
    `The queue of sender ${sender} is full: ${queued} segments wait, four hours at its ${mps} segments per second. Retry in ${wait} s, or send from another number or a sender pool.`,
    { headers: { "retry-after": String(wait) } },
  );
}
