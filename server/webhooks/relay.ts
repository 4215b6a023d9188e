import { runSql } from "../db/sql";
import { EVENT_ALIASES } from "@/schemas/webhooks";

const aliasOf = (canonical: string) => Object.entries(EVENT_ALIASES).find(([, c]) => c === canonical)?.[0] ?? null;
const DELIVERED_ALIAS = aliasOf("message.delivered");
const FAILED_ALIAS = aliasOf("message.failed");

// The transactional outbox's relay, in one statement: take a batch of undispatched events (SKIP
// LOCKED, so concurrent relays take disjoint events), create one delivery per active webhook of
// the organization that subscribed (by canonical name, alias or "*"; the delivery carries the name
// it subscribed with), and mark the events dispatched. The envelope body is built here once and
// stored, so every attempt sends (and signs) the same bytes with the same event id; a message's
// event also stores its messageId, so a message's deliveries are one indexed read. Either all of
// it commits or none: a kill at any point leaves the events undispatched for the next relay.
const RELAY_SQL = `
WITH ev AS (
  SELECT id, organization_id, type, payload, occurred_at FROM outbox_events
  WHERE dispatched_at IS NULL
  ORDER BY occurred_at, id
  LIMIT $1
  FOR UPDATE SKIP LOCKED
), targets AS (
  SELECT ev.id AS event_id, ev.organization_id, w.id AS webhook_id, ev.payload, ev.occurred_at,
    CASE
      WHEN ev.type = ANY(w.events) THEN ev.type
      WHEN ev.type = 'message.delivered' AND $3::text = ANY(w.events) THEN $3::text
      WHEN ev.type = 'message.failed' AND $4::text = ANY(w.events) THEN $4::text
      ELSE ev.type
    END AS event_name
  FROM ev JOIN webhooks w ON w.organization_id = ev.organization_id AND w.is_active
  WHERE ev.type = ANY(w.events) OR '*' = ANY(w.events)
     OR (ev.type = 'message.delivered' AND $3::text = ANY(w.events))
     OR (ev.type = 'message.failed' AND $4::text = ANY(w.events))
), inserted AS (
  INSERT INTO webhook_deliveries (id, organization_id, webhook_id, event_id, event, body, status, next_attempt_at,
                                  created_at, updated_at, message_id)
  SELECT sg_new_id('dlv'), organization_id, webhook_id, event_id, event_name,
    jsonb_build_object('id', event_id, 'event', event_name, 'timestamp', sg_iso(occurred_at), 'payload', payload)::text,
    'PENDING', $2::timestamptz, $2::timestamptz, $2::timestamptz, payload->>'messageId'
  FROM targets
  ON CONFLICT (webhook_id, event_id) DO NOTHING
  RETURNING 1
), dispatched AS (
  UPDATE outbox_events o SET dispatched_at = $2::timestamptz FROM ev
    WHERE o.organization_id = ev.organization_id AND o.id = ev.id RETURNING 1
)
SELECT (SELECT count(*) FROM dispatched)::int AS events, (SELECT count(*) FROM inserted)::int AS deliveries`;

/** Fan one batch of outbox events out to deliveries. Returns how many events and deliveries. */
export async function relayOutboxEvents(now: Date, limit = 500): Promise<{ events: number; deliveries: number }> {
  const [row] = await runSql<{ events: number; deliveries: number }>(
    null,
    RELAY_SQL,
    [limit, now.toISOString(), DELIVERED_ALIAS, FAILED_ALIAS],
    "sg_relay_outbox",
  );
  return row ?? { events: 0, deliveries: 0 };
}
