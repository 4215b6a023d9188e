-- The due-scan's claim (server/scheduling/dispatch-due.ts; last version: 20261126020100_scheduled_messages)
-- also returns each row's physical address. The statement that claimed a row then updates it by that
-- address (a TID scan) instead of looking its id up again in the primary key: the row is locked by that
-- same statement from the claim to the update, so nothing else can move it in between. Same rows, same
-- order, same locks otherwise. A new column in the result: drop and create.
DROP FUNCTION IF EXISTS sg_due_scheduled_messages(timestamptz, int, text);

CREATE FUNCTION sg_due_scheduled_messages(p_now timestamptz, p_limit int, p_organization text)
RETURNS TABLE (row_id tid, id text, organization_id text, environment text, to_number text, price_units bigint,
               segments int, created_at timestamptz)
LANGUAGE sql
SET enable_sort = off
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
  SELECT m.ctid, m.id, m.organization_id, m.environment::text, m.to_number, m.price_units, m.segments, m.created_at
  FROM messages m
  WHERE m.status = 'SCHEDULED' AND m.send_at <= p_now
    AND (p_organization IS NULL OR m.organization_id = p_organization)
  ORDER BY m.send_at
  LIMIT p_limit
  FOR UPDATE SKIP LOCKED
$$;
