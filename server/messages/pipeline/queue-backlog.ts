import { runSql } from "../../db/sql";
import { dispatchedAtUnlessSubscribed } from "../../webhooks/unsubscribed-sql";

/** Contract §15: a sender whose queue would take longer than this to send is announced. */
export const BACKLOG_WAIT_SECONDS = 15 * 60;

// The senders with a backlog (their partial index), those past 15 minutes of sending and not
// announced in the last hour: each gets one `sender.queue_backlog` event, written with the mark
// that keeps the next one an hour away.
const BACKLOG_SQL = `
WITH due AS (
  UPDATE sender_queues q SET backlog_event_at = $1::timestamptz
  WHERE q.queued_segments > 0 AND q.queued_segments / q.mps > $2
    AND (q.backlog_event_at IS NULL OR q.backlog_event_at <= $1::timestamptz - interval '1 hour')
    AND ($3::text IS NULL OR q.organization_id = $3)
  RETURNING q.organization_id, q.sender, q.queued_segments, q.mps
)
INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
SELECT sg_new_id('evt'), due.organization_id, 'sender.queue_backlog',
  jsonb_build_object('sender', due.sender, 'segments', due.queued_segments,
                     'estimatedWaitSeconds', ceil(due.queued_segments / due.mps)::bigint),
  $1::timestamptz,
  ${dispatchedAtUnlessSubscribed("due.organization_id", "'sender.queue_backlog'", "$1::timestamptz")}
FROM due
RETURNING 1`;

/** Announce the senders whose queue passed 15 minutes of sending; returns how many. */
export async function announceQueueBacklogs(now: Date, organizationId: string | null = null): Promise<number> {
  const rows = await runSql(null, BACKLOG_SQL, [now.toISOString(), BACKLOG_WAIT_SECONDS, organizationId]);
  return rows.length;
}
