import { dispatchedAtUnlessSubscribed } from "../webhooks/unsubscribed-sql";

/**
 * The CTEs that cancel SCHEDULED messages (contract §11), shared by the API's cancels and the
 * due-scan's opt-out branch so a cancel is the same write wherever it comes from:
 * - each row moves SCHEDULED → CANCELED only if it is still SCHEDULED, with `canceled_at`, its
 *   error code (opt-outs: `recipient_opted_out`) and a price of 0: never billed;
 * - a `message.canceled` event `{ …message, reason }` is written with it;
 * - a live message gives back what it held of its month's spend, exactly as a FAILED one does
 *   (server/messages/transitions.ts), its organization's month row locked in key order like
 *   acceptance, so the two never deadlock. The aggregates' trigger takes it out of what was
 *   accepted (migration 20261126020100).
 *
 * `source` names a CTE (or a filtered select of one) with the columns of sg_due_scheduled_messages
 * plus `n` (1-based, distinct: the row's event id is `events[n]`), `reason` and `error_code`.
 * `now` and `eventIds` are SQL parameters (timestamptz, text[]). Defines `canceled`.
 */
export function cancelScheduledCtes(source: string, now: string, eventIds: string): string {
  return `
cancel_source AS MATERIALIZED (${source}),
canceled AS (
  UPDATE messages m SET
    status = 'CANCELED', canceled_at = ${now}, price_units = 0, locked_until = NULL, updated_at = ${now},
    error_code = t.error_code,
    error_message = CASE WHEN t.error_code = 'recipient_opted_out'
                         THEN 'The recipient opted out before the message was due.' END
  FROM cancel_source t
  WHERE m.organization_id = t.organization_id AND m.id = t.id AND m.status = 'SCHEDULED'
  RETURNING m.id, m.organization_id, t.n, t.reason, sg_message_event_payload(m) AS payload
), canceled_events AS (
  INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
  SELECT (${eventIds})[c.n], c.organization_id, 'message.canceled',
         c.payload || jsonb_build_object('reason', c.reason), ${now},
         ${dispatchedAtUnlessSubscribed("c.organization_id", "'message.canceled'", now)}
  FROM canceled c
  RETURNING 1
), cancel_released AS MATERIALIZED (
  SELECT t.organization_id, date_trunc('month', t.created_at AT TIME ZONE 'UTC')::date AS billing_month,
         sum(t.price_units) AS units, count(*) AS messages, sum(t.segments) AS segments
  FROM cancel_source t JOIN canceled c ON c.organization_id = t.organization_id AND c.id = t.id
  WHERE t.environment = 'live'
  GROUP BY 1, 2
), cancel_locked AS MATERIALIZED (
  SELECT b.organization_id, b.month FROM billing_months b
  JOIN cancel_released r ON r.organization_id = b.organization_id AND r.billing_month = b.month
  ORDER BY b.organization_id, b.month
  FOR UPDATE OF b
), cancel_unbilled AS (
  UPDATE billing_months b SET
    spend_units = b.spend_units - r.units,
    messages = b.messages - r.messages,
    segments = b.segments - r.segments,
    updated_at = ${now}
  FROM cancel_released r, cancel_locked l
  WHERE l.organization_id = r.organization_id AND l.month = r.billing_month
    AND b.organization_id = l.organization_id AND b.month = l.month
  RETURNING 1
)`;
}
