-- Hand-written. The pipeline's claim (server/messages/pipeline/claim.ts) must walk the QUEUED
-- partial index in next_attempt_at order and stop after LIMIT rows. Under a burst of accepted
-- messages the table's statistics lag far behind (the bench saw 235 rows estimated for 554,500),
-- and the planner then chose a bitmap scan of every QUEUED row and an external sort: 160-290 ms
-- per claim of 500, a third of the database's time. A queue's size swings too fast for ANALYZE to
-- follow, so the claim runs with the plans that need a sort or a bitmap switched off: the ordered
-- index scan is then the only plan left, whatever the statistics say.
CREATE FUNCTION sg_claim_queued_messages(p_now timestamptz, p_lease timestamptz, p_limit int, p_organization text)
RETURNS TABLE (id text, organization_id text, environment text, to_number text, from_sender text, body text,
               segments int, encoding text, attempts int, locked_until timestamptz, provider text)
LANGUAGE sql
SET enable_sort = off
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
  -- FOR UPDATE SKIP LOCKED: concurrent workers (processes sharing PostgreSQL) take disjoint rows.
  UPDATE messages m SET locked_until = p_lease, attempts = m.attempts + 1
  FROM (
    SELECT q.id FROM messages q
    WHERE q.status = 'QUEUED' AND q.next_attempt_at <= p_now
      AND (q.locked_until IS NULL OR q.locked_until < p_now)
      AND (p_organization IS NULL OR q.organization_id = p_organization)
    ORDER BY q.next_attempt_at
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE m.id = due.id
  RETURNING m.id, m.organization_id, m.environment::text, m.to_number, m.from_sender, m.body, m.segments,
    m.encoding, m.attempts, m.locked_until, m.provider
$$;

-- sg_iso was declared IMMUTABLE over to_char, which is only STABLE: PostgreSQL never inlines a
-- function whose body is more volatile than its label, so every call ran as a separate SQL
-- function (four per event payload, two payloads per message through the pipeline: 9 µs a
-- payload, half of it in these calls). Labelled as what it is, it is inlined. Nothing indexes it.
CREATE OR REPLACE FUNCTION sg_iso(ts timestamptz) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

-- The per-statement organization check (migration 20261123141500_hot_path_events) probed the
-- organizations index once per inserted row: 0.9 ms for a statement of 1,000 messages. A statement
-- names one organization, or a few: look each one up once.
CREATE OR REPLACE FUNCTION sg_check_organization_exists() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT n.organization_id INTO missing FROM (SELECT DISTINCT organization_id FROM new_rows) n
  WHERE NOT EXISTS (SELECT 1 FROM organizations o WHERE o.id = n.organization_id)
  LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert on table "%" violates the organization reference', TG_TABLE_NAME
      USING ERRCODE = 'foreign_key_violation', DETAIL = format('Organization %s does not exist.', missing);
  END IF;
  RETURN NULL;
END
$$;

-- Nothing in the product looks messages up by batch (the dashboard filters by organization, status,
-- recipient and dates), yet every bulk message paid for this index at insert and again at each
-- lifecycle update that changes the status (those are never HOT).
DROP INDEX "messages_batch_id_idx";
