-- Live delivery as carriers require it (contract §15, issue 41): senders with a type and a
-- throughput, one paced queue per sender, validity periods.

-- A number's type and throughput (message segments per second). Existing numbers of 3 to 8 digits
-- are short codes; toll-free numbers are told apart by libphonenumber when the operator assigns or
-- edits them (SQL cannot), so an existing toll-free number keeps a long code's 1 mps until then.
ALTER TABLE "phone_numbers" ADD COLUMN "type" TEXT NOT NULL DEFAULT 'long_code',
  ADD COLUMN "mps" DOUBLE PRECISION NOT NULL DEFAULT 1;
UPDATE "phone_numbers" SET "type" = 'short_code', "mps" = 100 WHERE "number" ~ '^[0-9]{3,8}$';

-- When a live message stops being worth sending (acceptance or sendAt + validityPeriod), and the
-- sender pool it was sent through. Nullable: adding them to the partitioned table is instant.
ALTER TABLE "campaigns" ADD COLUMN "validity_period" INTEGER;
ALTER TABLE "messages" ADD COLUMN "expires_at" TIMESTAMPTZ(3), ADD COLUMN "pool_id" TEXT COLLATE "C";

-- One row per live sender (a number, or an organization's alphanumeric label): how many segments
-- wait (QUEUED live messages, counted at acceptance or when a scheduled one comes due, and taken off
-- when they leave QUEUED), and the time of its next free slot (a GCRA "theoretical arrival time"):
-- a hand-off round takes the slots up to its horizon and moves it on by segments ÷ mps. The row is
-- claimed FOR UPDATE SKIP LOCKED, so two processes never take the same sender's slots.
CREATE TABLE "sender_queues" (
  "organization_id" TEXT COLLATE "C" NOT NULL,
  "sender" TEXT COLLATE "C" NOT NULL,
  "mps" DOUBLE PRECISION NOT NULL,
  "queued_segments" BIGINT NOT NULL DEFAULT 0,
  "next_slot_at" TIMESTAMPTZ(6) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "backlog_event_at" TIMESTAMPTZ(3),
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "sender_queues_pkey" PRIMARY KEY ("organization_id", "sender"),
  CONSTRAINT "sender_queues_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The senders with something to send, by their next slot: what each round reads first.
CREATE INDEX "sender_queues_ready_idx" ON "sender_queues" ("next_slot_at") WHERE "queued_segments" > 0;

-- The queue of QUEUED messages splits in two. Sandbox messages are claimed in due order as before;
-- live ones per sender, in order of acceptance. Both are partial: a row leaves them when it leaves
-- QUEUED, so the accepting write still adds one entry to one of them.
DROP INDEX IF EXISTS "messages_status_next_attempt_at_idx";
CREATE INDEX "messages_sandbox_status_next_attempt_at_idx" ON "messages" ("next_attempt_at")
  WHERE "status" = 'QUEUED' AND "environment" = 'test';
CREATE INDEX "messages_live_queue_idx" ON "messages" ("organization_id", "from_sender", "id")
  WHERE "status" = 'QUEUED' AND "environment" = 'live';
-- Expiry (contract §15) is found through this, a bounded scan each round, not a timer per message.
CREATE INDEX "messages_expiry_idx" ON "messages" ("expires_at") WHERE "status" = 'QUEUED' AND "expires_at" IS NOT NULL;

-- The sandbox's claim: test messages only now (live ones go through sg_claim_paced_messages).
CREATE OR REPLACE FUNCTION sg_claim_queued_messages(p_now timestamptz, p_lease timestamptz, p_limit int, p_organization text)
RETURNS TABLE (id text, organization_id text, environment text, to_number text, from_sender text, body text,
               segments int, encoding text, attempts int, locked_until timestamptz, provider text)
LANGUAGE sql
SET enable_sort = off
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
  UPDATE messages m SET locked_until = p_lease, attempts = m.attempts + 1
  FROM (
    SELECT q.organization_id, q.id FROM messages q
    WHERE q.status = 'QUEUED' AND q.environment = 'test' AND q.next_attempt_at <= p_now
      AND (q.locked_until IS NULL OR q.locked_until < p_now)
      AND (p_organization IS NULL OR q.organization_id = p_organization)
      -- The sandbox's never-handed-off recipient: it waits for its validity to end (expired).
      AND q.to_number <> '+15005550005'
    ORDER BY q.next_attempt_at
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE m.organization_id = due.organization_id AND m.id = due.id
  RETURNING m.id, m.organization_id, m.environment::text, m.to_number, m.from_sender, m.body, m.segments,
    m.encoding, m.attempts, m.locked_until, m.provider
$$;

-- Admission to a sender's queue (contract §15): at most mps × 14,400 segments (four hours of
-- sending). Creates the sender's row (its mps from the organization's number, else p_default_mps,
-- what the sender's type gives), locks it, and answers how many of p_segments, in order, fit. The
-- accepting statement adds what it accepted afterwards (an item may still be refused for spend).
CREATE FUNCTION sg_sender_queue_room(
  p_organization text, p_sender text, p_default_mps double precision, p_segments int[], p_at timestamptz
) RETURNS int LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_mps double precision;
  v_queued bigint;
  v_total bigint := 0;
  v_fits int := 0;
BEGIN
  INSERT INTO sender_queues (organization_id, sender, mps, next_slot_at, updated_at)
  SELECT p_organization, p_sender,
         coalesce((SELECT n.mps FROM phone_numbers n WHERE n.number = p_sender AND n.organization_id = p_organization),
                  p_default_mps),
         p_at, p_at
  ON CONFLICT (organization_id, sender) DO NOTHING;
  SELECT q.mps, q.queued_segments INTO v_mps, v_queued FROM sender_queues q
  WHERE q.organization_id = p_organization AND q.sender = p_sender FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_segments, 1), 0) LOOP
    EXIT WHEN p_segments[i] > 0 AND v_queued + v_total + p_segments[i] > v_mps * 14400;
    v_total := v_total + p_segments[i];
    v_fits := i;
  END LOOP;
  RETURN v_fits;
END
$$;

-- The accepted segments join the queue (the row sg_sender_queue_room made and locked).
CREATE FUNCTION sg_sender_queue_add(p_organization text, p_sender text, p_segments bigint, p_at timestamptz)
RETURNS bigint LANGUAGE sql VOLATILE AS $$
  UPDATE sender_queues SET queued_segments = queued_segments + p_segments, updated_at = p_at
  WHERE organization_id = p_organization AND sender = p_sender
  RETURNING queued_segments
$$;

-- The paced claim (contract §15): up to p_senders senders whose next slot is before the horizon,
-- most overdue first (every sender gets its turn, whatever its organization), each claimed FOR
-- UPDATE SKIP LOCKED so concurrent processes take different senders. For each, its oldest
-- claimable messages whose first segment's slot falls before the horizon (the first message always
-- goes: a long message must not wait forever), each with the time its slot begins; the sender's
-- next slot moves on by the segments taken ÷ mps. Slots are never saved up: an idle sender starts
-- again from now, so no burst passes mps. At most p_per_sender messages a sender a round.
CREATE FUNCTION sg_claim_paced_messages(
  p_now timestamptz, p_horizon timestamptz, p_lease timestamptz, p_senders int, p_per_sender int,
  p_organization text
) RETURNS TABLE (id text, organization_id text, to_number text, from_sender text, body text, segments int,
                 encoding text, attempts int, locked_until timestamptz, provider text, slot_at timestamptz)
LANGUAGE sql VOLATILE AS $$
  WITH ready AS MATERIALIZED (
    SELECT q.organization_id, q.sender, q.mps, greatest(q.next_slot_at, p_now) AS start_at
    FROM sender_queues q
    WHERE q.queued_segments > 0 AND q.next_slot_at < p_horizon
      AND (p_organization IS NULL OR q.organization_id = p_organization)
    ORDER BY q.next_slot_at
    LIMIT p_senders
    FOR UPDATE SKIP LOCKED
  ), picked AS MATERIALIZED (
    SELECT r.organization_id, r.sender, r.mps, r.start_at, c.id, c.segments, c.before
    FROM ready r CROSS JOIN LATERAL (
      SELECT w.id, w.segments, (sum(w.segments) OVER (ORDER BY w.id) - w.segments)::float8 AS before
      FROM (
        SELECT m.id, m.segments FROM messages m
        WHERE m.organization_id = r.organization_id AND m.from_sender = r.sender
          AND m.status = 'QUEUED' AND m.environment = 'live'
          AND m.next_attempt_at <= p_now AND (m.locked_until IS NULL OR m.locked_until < p_now)
        ORDER BY m.id
        LIMIT least(p_per_sender, greatest(1, ceil(extract(epoch FROM (p_horizon - r.start_at)) * r.mps)))::int
      ) w
    ) c
    WHERE c.before = 0 OR r.start_at + make_interval(secs => c.before / r.mps) < p_horizon
  ), advanced AS (
    UPDATE sender_queues q SET next_slot_at = u.start_at + make_interval(secs => u.used / u.mps), updated_at = p_now
    FROM (
      SELECT p.organization_id, p.sender, min(p.start_at) AS start_at, min(p.mps) AS mps, sum(p.segments)::float8 AS used
      FROM picked p GROUP BY p.organization_id, p.sender
    ) u
    WHERE q.organization_id = u.organization_id AND q.sender = u.sender
  )
  UPDATE messages m SET locked_until = p_lease, attempts = m.attempts + 1
  FROM picked p
  WHERE m.organization_id = p.organization_id AND m.id = p.id AND m.status = 'QUEUED'
  RETURNING m.id, m.organization_id, m.to_number, m.from_sender, m.body, m.segments, m.encoding, m.attempts,
    m.locked_until, m.provider, p.start_at + make_interval(secs => p.before / p.mps)
$$;

-- SENDER_PACING=off (benchmarks: the service as it was before pacing): live messages are claimed
-- as they come due, with no sender's queue kept or read, through the live queue index.
CREATE FUNCTION sg_claim_unpaced_live_messages(p_now timestamptz, p_lease timestamptz, p_limit int, p_organization text)
RETURNS TABLE (id text, organization_id text, environment text, to_number text, from_sender text, body text,
               segments int, encoding text, attempts int, locked_until timestamptz, provider text)
LANGUAGE sql VOLATILE AS $$
  UPDATE messages m SET locked_until = p_lease, attempts = m.attempts + 1
  FROM (
    SELECT q.organization_id, q.id FROM messages q
    WHERE q.status = 'QUEUED' AND q.environment = 'live' AND q.next_attempt_at <= p_now
      AND (q.locked_until IS NULL OR q.locked_until < p_now)
      AND (p_organization IS NULL OR q.organization_id = p_organization)
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE m.organization_id = due.organization_id AND m.id = due.id
  RETURNING m.id, m.organization_id, m.environment::text, m.to_number, m.from_sender, m.body, m.segments,
    m.encoding, m.attempts, m.locked_until, m.provider
$$;
