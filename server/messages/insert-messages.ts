import { metrics } from "../metrics/registry";
import type { RawTx } from "../db/driver-transaction";
import { runSql } from "../db/sql";
import { newId } from "../ids";
import { dispatchedAtUnlessSubscribed } from "../webhooks/unsubscribed-sql";
import { SANDBOX_NUMBERS } from "../carriers/sandbox";
import { queuedEventPayload } from "./queued-event-payload";
import { getEnv } from "../env";
import { defaultMpsOf } from "../numbers/sender-type";

/** Contract §15: a message's validity when the send names none, in seconds (four hours). */
export const DEFAULT_VALIDITY_SECONDS = 14_400;

/** A message about to be accepted: everything but its lifecycle columns. */
export interface NewMessage {
  id: string;
  organizationId: string;
  apiKeyId: string | null;
  batchId: string | null;
  otpId: string | null;
  environment: "live" | "test";
  to: string;
  from: string;
  body: string;
  segments: number;
  encoding: string;
  /** Live: segments × the country's price per segment, in units of 1/10,000 USD. 0 in the sandbox. */
  priceUnits?: number;
  /** The recipient's country (ISO 3166-1 alpha-2), for the organization's allowed countries. */
  country?: string | null;
  /**
   * A keyword confirmation (contract §10): the reply to STOP goes to the number that just opted
   * out, so it alone is not checked against the opt-outs.
   */
  skipOptOutCheck?: boolean;
  /**
   * Scheduled sends (contract §11): accepted now (priced, charged, counted) as SCHEDULED, due at
   * this time; server/scheduling/dispatch-due.ts moves it to QUEUED then.
   */
  sendAt?: Date | null;
  /**
   * For the dashboard's label (column auto_reply): a keyword confirmation's family (contract §10),
   * or a campaign's test send.
   */
  autoReply?: "stop" | "start" | "help" | "campaign_test";
  /**
   * Seconds after acceptance (or sendAt) a live message may still be handed to a carrier; past it,
   * it fails `expired` (contract §15). DEFAULT_VALIDITY_SECONDS when unset.
   */
  validityPeriod?: number;
  /** The sender pool `from` was chosen from (contract §15); `from` is then the sender chosen. */
  poolId?: string | null;
}

/** Why the accepting statement refused an item; nothing of it was written. */
export type Refusal = "country_not_allowed" | "recipient_opted_out" | "queue_full" | "spending_limit_reached";

// One statement for 1 or 1,000 messages: the rows and their `message.queued` events are written
// together (a data-modifying CTE always runs, and the INSERT takes every row or fails whole), so an
// accepted message always has its event. Each message travels once, as its event payload (built
// here, queued-event-payload.ts: jsonb_build_object in SQL was the statement's costliest step) plus
// what the payload leaves out (organization, key, body, event id, position, country); the row's
// columns are read back out of the payload.
//
// The same statement applies the billing rules (contract §8), so the checks cost no round trip:
// - allowed countries (sandbox and live): one read of the organizations in the statement;
// - opt-outs (sandbox and live, contract §10): sg_opted_out_phones, once per organization in
//   organization order, answers which of its recipients opted out, under the organization's
//   opt-out lock (migration 20261125030000), so an opt-out committing at the same moment is either
//   seen or waits for this transaction; one indexed read for all the statement's numbers;
// - the monthly spend limit (live): sg_charge_live_messages, once per organization and month in
//   organization order, locks that organization's month row and answers how many of its items,
//   in order, fit under the limit; the rest are refused and never written;
// - the sandbox's magic recipient +15005550004 (flag `l`) is refused as past the limit, after the
//   country and opt-out checks, exactly where a live item past the limit would be;
// - the sender's queue bound (live, sent now, contract §15): sg_sender_queue_room, once per sender
//   in (organization, sender) order and before the spend check (a refused item is never charged),
//   locks the sender's row and answers how many of its items, in order, fit under mps × 14,400
//   segments; the accepted ones are added to the row at the end (`enqueued`).
// It answers the refused items only: by position in the input and reason.
const INSERT_SQL = `
WITH input AS MATERIALIZED (
  SELECT e->'p' AS payload, e->>'o' AS organization_id, e->>'k' AS api_key_id, e->>'b' AS body, e->>'e' AS event_id,
         (e->>'n')::int AS ord, e->>'c' AS country, (e->>'x') IS NOT NULL AS skip_opt_out,
         (e->>'l') IS NOT NULL AS sandbox_limit, e->>'a' AS auto_reply, (e->>'v')::timestamptz AS expires_at,
         (e->>'q')::float8 AS default_mps, e->>'g' AS pool_id, r.*
  FROM jsonb_array_elements($1::jsonb) e
  CROSS JOIN LATERAL jsonb_to_record(e->'p')
    AS r("messageId" text, "to" text, "from" text, environment text, segments int, encoding text, "batchId" text,
         "otpId" text, "createdAt" timestamptz, price text, status text, "sendAt" timestamptz)
), opted_out AS MATERIALIZED (
  SELECT organization_id, sg_opted_out_phones(organization_id, phones) AS phones
  FROM (
    SELECT organization_id, array_agg(DISTINCT "to") AS phones
    FROM input WHERE NOT skip_opt_out GROUP BY organization_id ORDER BY organization_id
  ) per_organization
), checked AS MATERIALIZED (
  -- Only the narrow columns the rules need: the wide ones (payload, body) are read from input once,
  -- for the accepted rows (copying them through every step cost more than the rules themselves).
  SELECT input.ord, input.organization_id, input.environment, input.segments, input.sandbox_limit,
         input."from" AS sender, input.status, input.default_mps,
         (replace(input.price, '.', ''))::bigint AS price_units,
         (o.allowed_countries IS NULL OR o.allowed_countries ? coalesce(input.country, '')) AS country_ok,
         (NOT input.skip_opt_out AND input."to" = ANY (coalesce(opted_out.phones, '{}'))) AS is_opted_out,
         date_trunc('month', input."createdAt" AT TIME ZONE 'UTC')::date AS billing_month
  FROM input LEFT JOIN organizations o ON o.id = input.organization_id
  LEFT JOIN opted_out ON opted_out.organization_id = input.organization_id
), paced AS MATERIALIZED (
  SELECT checked.*, row_number() OVER (PARTITION BY organization_id, sender ORDER BY ord) AS queue_rank
  -- default_mps is null with SENDER_PACING=off: no sender's queue is kept (benchmarks).
  FROM checked WHERE environment = 'live' AND country_ok AND NOT is_opted_out AND default_mps IS NOT NULL
), queue_room AS MATERIALIZED (
  SELECT organization_id, sender,
         sg_sender_queue_room(organization_id, sender, default_mps, segs, $2::timestamptz) AS fits
  FROM (
    -- A scheduled item joins the queue when it comes due (its row is made now): it counts 0 here.
    SELECT organization_id, sender, min(default_mps) AS default_mps,
           array_agg(CASE WHEN status = 'QUEUED' THEN segments ELSE 0 END ORDER BY ord) AS segs
    FROM paced GROUP BY organization_id, sender ORDER BY organization_id, sender
  ) per_sender
), queue_full AS MATERIALIZED (
  SELECT paced.ord FROM paced
  JOIN queue_room r ON r.organization_id = paced.organization_id AND r.sender = paced.sender
  WHERE paced.queue_rank > r.fits
), ranked AS MATERIALIZED (
  SELECT checked.*,
         row_number() OVER (PARTITION BY organization_id, billing_month ORDER BY ord) AS live_rank
  FROM checked WHERE environment = 'live' AND country_ok AND NOT is_opted_out
    AND ord NOT IN (SELECT ord FROM queue_full)
), charged AS MATERIALIZED (
  SELECT organization_id, billing_month,
         sg_charge_live_messages(organization_id, billing_month, prices, segs, $2::timestamptz) AS fits
  FROM (
    SELECT organization_id, billing_month, array_agg(price_units ORDER BY ord) AS prices,
           array_agg(segments ORDER BY ord) AS segs
    FROM ranked GROUP BY organization_id, billing_month ORDER BY organization_id, billing_month
  ) per_month
), refused AS MATERIALIZED (
  SELECT checked.ord,
         CASE WHEN NOT checked.country_ok THEN 'country_not_allowed'
              WHEN checked.is_opted_out THEN 'recipient_opted_out'
              WHEN checked.ord IN (SELECT ord FROM queue_full) THEN 'queue_full'
              ELSE 'spending_limit_reached' END AS refusal
  FROM checked
  LEFT JOIN ranked USING (ord)
  LEFT JOIN charged ON charged.organization_id = ranked.organization_id AND charged.billing_month = ranked.billing_month
  WHERE NOT checked.country_ok OR checked.is_opted_out OR checked.sandbox_limit OR ranked.live_rank > charged.fits
     OR checked.ord IN (SELECT ord FROM queue_full)
), accepted AS MATERIALIZED (
  SELECT input.*, (replace(input.price, '.', ''))::bigint AS price_units
  FROM input WHERE input.ord NOT IN (SELECT ord FROM refused)
), inserted AS (
  INSERT INTO messages (id, organization_id, api_key_id, batch_id, otp_id, environment, to_number, from_sender, body,
                        segments, encoding, price_units, country, created_at, next_attempt_at, updated_at, status, send_at,
                        auto_reply, expires_at, pool_id)
  SELECT "messageId", organization_id, api_key_id, "batchId", "otpId", environment::"KeyEnvironment", "to", "from",
         body, segments, encoding, price_units, country, "createdAt", coalesce("sendAt", "createdAt"), "createdAt",
         status::"MessageStatus", "sendAt", auto_reply, expires_at, pool_id
  FROM accepted
), enqueued AS MATERIALIZED (
  -- Through a function: a sender's row made by sg_sender_queue_room in this statement is newer
  -- than the statement's snapshot, and a plain UPDATE here would not see it. Read below, so it runs.
  SELECT sg_sender_queue_add(organization_id, sender, segments, $2::timestamptz) AS added
  FROM (
    SELECT organization_id, "from" AS sender, sum(segments)::bigint AS segments FROM accepted
    WHERE environment = 'live' AND status = 'QUEUED' AND default_mps IS NOT NULL
    GROUP BY organization_id, "from" ORDER BY 1, 2
  ) a
), events AS (
  INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at, dispatched_at)
  SELECT accepted.event_id, accepted.organization_id, 'message.' || lower(accepted.status), accepted.payload,
         accepted."createdAt",
         ${dispatchedAtUnlessSubscribed("accepted.organization_id", "'message.' || lower(accepted.status)", 'accepted."createdAt"')}
  FROM accepted
)
SELECT ord, refusal FROM refused WHERE (SELECT count(*) FROM enqueued) >= 0`;

/**
 * Insert QUEUED messages and their `message.queued` outbox events in one statement, refusing the
 * items the organization's billing rules refuse. Answers, in the order of `messages`, null for an
 * accepted item or the reason it was refused. Pass the transaction when other writes must commit
 * with them; with `db` null it runs on its own (a single statement is atomic) as a prepared
 * statement. Each message is created at `now`, or at its own `createdAt` when it has one (single
 * sends written together by insert-batcher.ts).
 */
export async function insertMessages(
  db: RawTx | null,
  messages: readonly (NewMessage & { createdAt?: Date })[],
  now: Date,
): Promise<(Refusal | null)[]> {
  if (messages.length === 0) return [];
  const nowIso = now.toISOString();
  const env = getEnv();
  const alphanumericMps = env.SENDER_PACING === "on" ? env.ALPHANUMERIC_SENDER_MPS : null;
  const rows = JSON.stringify(
    messages.map((m, n) => ({
      p: queuedEventPayload(m, m.createdAt?.toISOString() ?? nowIso),
      o: m.organizationId,
      k: m.apiKeyId,
      b: m.body,
      e: newId("evt"),
      n,
      c: m.country ?? null,
      ...(m.skipOptOutCheck && { x: 1 }),
      ...(m.environment === "test" && m.to === SANDBOX_NUMBERS.spendingLimit && { l: 1 }),
      ...(m.autoReply && { a: m.autoReply }),
      ...(m.poolId && { g: m.poolId }),
      ...expiryOf(m, m.createdAt ?? now, alphanumericMps),
    })),
  );
  const refused = await runSql<{ ord: number; refusal: Refusal }>(
    db,
    INSERT_SQL,
    [rows, nowIso],
    "sg_insert_messages_checked",
  );
  const outcome: (Refusal | null)[] = messages.map(() => null);
  for (const r of refused) outcome[Number(r.ord)] = r.refusal;
  countAccepted(messages, outcome);
  return outcome;
}

/**
 * A live message's end of validity and its sender's default pace (`v`, `q`); the sandbox's
 * never-sent recipient gets a validity too, every other sandbox message none (it is never paced).
 */
function expiryOf(m: NewMessage, createdAt: Date, alphanumericMps: number | null): { v?: string; q?: number } {
  const live = m.environment === "live";
  if (!live && m.to !== SANDBOX_NUMBERS.neverSent) return {};
  const start = m.sendAt ?? createdAt;
  const v = new Date(start.getTime() + (m.validityPeriod ?? DEFAULT_VALIDITY_SECONDS) * 1000).toISOString();
  if (!live || alphanumericMps === null) return { v };
  return { v, q: defaultMpsOf(m.from, alphanumericMps) };
}

function countAccepted(messages: readonly NewMessage[], outcome: readonly (Refusal | null)[]): void {
  let live = 0;
  let test = 0;
  outcome.forEach((refusal, n) => {
    if (refusal !== null) return;
    if (messages[n]?.environment === "live") live++;
    else test++;
  });
  const accepted = metrics().messagesAccepted;
  if (live > 0) accepted.inc({ environment: "live" }, live);
  if (test > 0) accepted.inc({ environment: "test" }, test);
}
