import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { newId, newIdAt } from "../ids";
import { countryOf } from "../billing/country-of";
import { countSegments } from "@/schemas/segments";
import { dispatchedAtUnlessSubscribed } from "../webhooks/unsubscribed-sql";

/** A message a phone sent to a receiving number (contract §10). */
export interface InboundInput {
  from: string;
  to: string;
  body: string;
  environment: "live" | "test";
  /** When the carrier received it; default now. */
  receivedAt?: Date;
  /** The sandbox's simulate endpoint names the organization (the key's); others are found by `to`. */
  organizationId?: string;
  /** "twilio", "smpp" or "sandbox". */
  provider: string;
  /** The carrier's id for the message: a second delivery of the same one is stored once. */
  providerMessageId?: string | null;
  /**
   * A single-part SMPP MO (no message id): the deliver_sm that carried it. Stored, it is recorded
   * as unacknowledged until its resp is written (smpp-unacked.ts); one matching an unacknowledged
   * delivery of another session is the SMSC's redelivery, stored once.
   */
  smppDelivery?: { id: string; session: string; fingerprint: string } | null;
}

/** An SMPP delivery whose deliver_sm_resp has been written: its smpp_unacked_mo row can go. */
export type AnsweredDelivery = { fingerprint: string; id: string };

export type StoredInbound =
  | { outcome: "stored"; messageId: string; organizationId: string; receivedAt: Date }
  | { outcome: "duplicate" | "unknown_number" };

// One statement for any number of inbound messages: each is resolved to its organization by the
// receiving number (phone_numbers' primary key), stored as a RECEIVED inbound row and announced as
// `message.received` with its body, rows and events together. A number no organization owns is
// dropped (answered as such, nothing written); a carrier message id already stored is a redelivery
// and is dropped too ((provider, provider_message_id) index), and so is a single-part SMPP MO that
// repeats a delivery stored but never acknowledged (smpp_unacked_mo, see smpp-unacked.ts).
const STORE_SQL = `
WITH input AS MATERIALIZED (
  SELECT r.*
  FROM jsonb_to_recordset($1::jsonb) AS r(
    n int, id text, event_id text, "from" text, "to" text, body text, segments int, encoding text,
    environment text, country text, provider text, provider_message_id text, received_at timestamptz,
    organization_id text, delivery_id text, session_id text, fingerprint text)
), fingerprinted AS MATERIALIZED (
  SELECT n, delivery_id, session_id, fingerprint, row_number() OVER (PARTITION BY fingerprint ORDER BY n) AS k
  FROM input WHERE fingerprint IS NOT NULL
), unacked AS MATERIALIZED (
  -- Deliveries stored and never acknowledged, by sessions other than those delivering now (theirs
  -- are in flight: a match there is a phone repeating itself). The k-th identical input takes the
  -- k-th such row, so two identical messages lost unanswered are each recognized once.
  -- One probe of the primary key per fingerprint (OFFSET 0 keeps the subquery a parameterized
  -- index scan): the table is written and deleted from for every message, so a plan scanning it
  -- would read its dead rows on every statement.
  SELECT u.delivery_id, u.fingerprint, row_number() OVER (PARTITION BY u.fingerprint ORDER BY u.received_at, u.delivery_id) AS k
  FROM (SELECT DISTINCT fingerprint FROM fingerprinted) f
  CROSS JOIN LATERAL (
    SELECT u.* FROM smpp_unacked_mo u
    WHERE u.fingerprint = f.fingerprint
      AND u.session_id NOT IN (SELECT session_id FROM fingerprinted)
      AND u.delivery_id <> ALL($3::text[])
    OFFSET 0
  ) u
), answered AS (
  -- Deliveries whose resp has been written since the last statement (smpp-unacked.ts).
  DELETE FROM smpp_unacked_mo u USING unnest($2::text[], $3::text[]) AS a(fingerprint, delivery_id)
  WHERE u.fingerprint = a.fingerprint AND u.delivery_id = a.delivery_id
), redelivered AS (
  -- The redelivery takes the row over (it is unacknowledged again, now on this delivery), so a crash
  -- before this resp too leaves it to recognize the next redelivery. A row another statement took
  -- or deleted meanwhile is not updated: that input is stored (a duplicate at worst, never a loss).
  UPDATE smpp_unacked_mo u
  SET delivery_id = f.delivery_id, session_id = f.session_id, received_at = i.received_at
  FROM fingerprinted f
  JOIN unacked a ON a.fingerprint = f.fingerprint AND a.k = f.k
  JOIN input i ON i.n = f.n
  WHERE u.fingerprint = a.fingerprint AND u.delivery_id = a.delivery_id
  RETURNING f.n
), resolved AS MATERIALIZED (
  SELECT input.*, coalesce(input.organization_id, p.organization_id) AS org, seen.hit IS NOT NULL AS seen
  FROM input LEFT JOIN phone_numbers p ON p.number = input."to"
  -- One probe of the partial (provider, provider_message_id) index per message: its predicate is
  -- repeated so the planner can use it. Without it the plan was a scan of the messages table whose
  -- estimate also switched JIT on (measured: 3,400 → 300 messages/s with 20,000 rows in the table).
  LEFT JOIN LATERAL (
    SELECT 1 AS hit FROM messages m
    WHERE input.provider_message_id IS NOT NULL
      AND m.provider_message_id IS NOT NULL AND m.provider <> 'sandbox'
      AND m.provider = input.provider AND m.provider_message_id = input.provider_message_id
    LIMIT 1
  ) seen ON true
), kept AS MATERIALIZED (
  SELECT * FROM resolved WHERE org IS NOT NULL AND NOT seen AND n NOT IN (SELECT n FROM redelivered)
), unacknowledged AS (
  INSERT INTO smpp_unacked_mo (delivery_id, fingerprint, session_id, message_id, received_at)
  SELECT delivery_id, fingerprint, session_id, id, received_at FROM kept WHERE fingerprint IS NOT NULL
  ON CONFLICT DO NOTHING
), stored AS (
  INSERT INTO messages (id, organization_id, environment, direction, status, to_number, from_sender, body, segments,
                        encoding, country, provider, provider_message_id, created_at, next_attempt_at, updated_at)
  SELECT id, org, environment::"KeyEnvironment", 'inbound'::"MessageDirection", 'RECEIVED'::"MessageStatus", "to",
         "from", body, segments, encoding, country, provider, provider_message_id, received_at, received_at,
         received_at
  FROM kept
), events AS (
  INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
  SELECT event_id, org, 'message.received',
         jsonb_build_object('messageId', id, 'from', "from", 'to', "to", 'body', body, 'receivedAt', sg_iso(received_at)),
         received_at, ${dispatchedAtUnlessSubscribed("org", "'message.received'", "received_at")}
  FROM kept
)
SELECT n, org, seen OR n IN (SELECT n FROM redelivered) AS seen FROM resolved`;

/**
 * Store inbound messages and their `message.received` events in one statement (see STORE_SQL).
 * Answers, in the order of `inputs`, what became of each. Pass the transaction when other writes
 * (keyword handling) must commit with them; null runs the statement on its own.
 */
export async function storeInboundMessages(
  db: DbOrTx | null,
  inputs: readonly InboundInput[],
  now: Date,
  /** SMPP deliveries answered meanwhile, whose smpp_unacked_mo rows this statement deletes. */
  answered: readonly AnsweredDelivery[] = [],
): Promise<StoredInbound[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((m, n) => {
    const receivedAt = m.receivedAt ?? now;
    const { encoding, segments } = countSegments(m.body);
    return {
      n,
      id: newIdAt("msg", receivedAt),
      event_id: newId("evt"),
      from: m.from,
      to: m.to,
      body: m.body,
      segments,
      encoding,
      environment: m.environment,
      country: countryOf(m.from),
      provider: m.provider,
      provider_message_id: m.providerMessageId ?? null,
      received_at: receivedAt.toISOString(),
      organization_id: m.organizationId ?? null,
      delivery_id: m.smppDelivery?.id ?? null,
      session_id: m.smppDelivery?.session ?? null,
      fingerprint: m.smppDelivery?.fingerprint ?? null,
    };
  });
  const result = await runSql<{ n: number; org: string | null; seen: boolean }>(
    db,
    STORE_SQL,
    [JSON.stringify(rows), answered.map((a) => a.fingerprint), answered.map((a) => a.id)],
    // Named: prepared once per connection rather than parsed and planned per batch (the statement
    // is long; SMPP MO measured ~7,300/s named against ~6,600/s unnamed). A transaction (keywords)
    // runs it unnamed.
    "inbound_store",
  );
  const outcomes: StoredInbound[] = inputs.map(() => ({ outcome: "unknown_number" }));
  for (const r of result) {
    const row = rows[Number(r.n)]!;
    outcomes[Number(r.n)] = r.seen
      ? { outcome: "duplicate" }
      : r.org
        ? { outcome: "stored", messageId: row.id, organizationId: r.org, receivedAt: new Date(row.received_at) }
        : { outcome: "unknown_number" };
  }
  return outcomes;
}
