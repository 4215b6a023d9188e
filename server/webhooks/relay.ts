import { runSql } from "../db/sql";
import { isTransientDatabaseError } from "../db/unavailable";
import { isolateBatch } from "../isolation/isolate-batch";
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
const relaySql = (events: string) => `
WITH ev AS (${events}
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
  ON CONFLICT (organization_id, webhook_id, event_id) DO NOTHING
  RETURNING 1
), dispatched AS (
  UPDATE outbox_events o SET dispatched_at = $2::timestamptz FROM ev
    WHERE o.organization_id = ev.organization_id AND o.id = ev.id RETURNING 1
)
SELECT (SELECT count(*) FROM dispatched)::int AS events, (SELECT count(*) FROM inserted)::int AS deliveries`;

// The batch: the oldest undispatched events. While a failed batch is taken apart (relayIsolated),
// the given ones ($5) that are still undispatched.
const RELAY_SQL = relaySql(`
  SELECT id, organization_id, type, payload, occurred_at FROM outbox_events
  WHERE dispatched_at IS NULL
  ORDER BY occurred_at, id
  LIMIT $1
  FOR UPDATE SKIP LOCKED`);
const RELAY_IDS_SQL = relaySql(`
  SELECT id, organization_id, type, payload, occurred_at FROM outbox_events
  WHERE id = ANY($5::text[]) AND dispatched_at IS NULL
  ORDER BY occurred_at, id
  LIMIT $1
  FOR UPDATE SKIP LOCKED`);

const UNDISPATCHED_SQL = `
SELECT id, organization_id FROM outbox_events WHERE dispatched_at IS NULL ORDER BY occurred_at, id LIMIT $1`;

// An event set aside: dispatched with no delivery, so it no longer holds up the relay (it stays
// in the events list and stream, and its webhooks can be sent it again by hand).
const SET_ASIDE_SQL = `UPDATE outbox_events SET dispatched_at = $2::timestamptz WHERE id = ANY($1::text[]) AND dispatched_at IS NULL`;

/**
 * Fan one batch of outbox events out to deliveries. Returns how many events and deliveries.
 *
 * One statement for every organization's events: one event that cannot be relayed (a fault of that
 * row) would fail it on every round and hold every organization's webhooks. So a batch that fails
 * for any reason but a transient database error is taken apart (server/isolation/): every other
 * event is relayed, and the ones that fail on their own are set aside, logged with their reference.
 */
export async function relayOutboxEvents(now: Date, limit = 500): Promise<{ events: number; deliveries: number }> {
  try {
    return await relay(RELAY_SQL, "sg_relay_outbox", now, limit);
  } catch (err) {
    if (isTransientDatabaseError(err)) throw err;
    return relayIsolated(now, limit);
  }
}

async function relay(sql: string, name: string, now: Date, limit: number, ids?: readonly string[]) {
  const params: unknown[] = [limit, now.toISOString(), DELIVERED_ALIAS, FAILED_ALIAS];
  if (ids) params.push(ids);
  const [row] = await runSql<{ events: number; deliveries: number }>(null, sql, params, name);
  return row ?? { events: 0, deliveries: 0 };
}

async function relayIsolated(now: Date, limit: number): Promise<{ events: number; deliveries: number }> {
  const waiting = await runSql<{ id: string; organization_id: string }>(null, UNDISPATCHED_SQL, [limit]);
  const total = { events: 0, deliveries: 0 };
  const failed = await isolateBatch({
    items: waiting,
    describe: (e) => ({ runner: "webhook-relay", kind: "event", id: e.id, organizationId: e.organization_id }),
    work: async (part) => {
      const relayed = await relay(
        RELAY_IDS_SQL,
        "sg_relay_outbox_ids",
        now,
        part.length,
        part.map((e) => e.id),
      );
      total.events += relayed.events;
      total.deliveries += relayed.deliveries;
    },
    setAside: async (events) => {
      await runSql(null, SET_ASIDE_SQL, [events.map((e) => e.item.id), now.toISOString()]);
    },
  });
  return { events: total.events + failed.length, deliveries: total.deliveries };
}
