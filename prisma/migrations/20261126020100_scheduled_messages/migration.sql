-- Scheduled sends (contract §11), hand-written.

-- The due-scan (server/scheduling/dispatch-due.ts) walks this in send_at order and stops after its
-- batch. Partial: only rows waiting to be due are in it, so it stays small however many messages
-- the table holds, immediate sends never write it, and a row leaves it when it moves to QUEUED or
-- CANCELED. Cancel-by-batch uses the existing batch_id index.
CREATE INDEX "messages_scheduled_send_at_idx" ON "messages" ("send_at") WHERE "status" = 'SCHEDULED';

-- The payload of every message.* event gains sendAt and canceledAt (null for immediate sends).
-- server/messages/queued-event-payload.ts builds the same object in JavaScript at acceptance.
CREATE OR REPLACE FUNCTION sg_message_event_payload(m messages) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'messageId', m.id,
    'to', m.to_number,
    'from', m.from_sender,
    'status', m.status::text,
    'environment', m.environment::text,
    'segments', m.segments,
    'encoding', m.encoding,
    'price', sg_money(m.price_units),
    'priceUnit', 'USD',
    'batchId', m.batch_id,
    'otpId', m.otp_id,
    'providerMessageId', m.provider_message_id,
    'errorCode', m.error_code,
    'errorMessage', m.error_message,
    'createdAt', sg_iso(m.created_at),
    'sentAt', sg_iso(m.sent_at),
    'deliveredAt', sg_iso(m.delivered_at),
    'failedAt', sg_iso(m.failed_at),
    'sendAt', sg_iso(m.send_at),
    'canceledAt', sg_iso(m.canceled_at)
  )
$$;

-- The aggregates' update trigger (last version: 20261125020000_stats_trigger_guard) learns the two
-- scheduling transitions:
-- - SCHEDULED → QUEUED counts nothing (the message was counted as accepted when it was scheduled;
--   the accepted hour is its creation hour, so a message scheduled in November and sent in December
--   counts in November, contract §8);
-- - SCHEDULED → CANCELED takes the message back out of what was accepted: accepted, segments and
--   price_units of its line go down by what it was accepted with. Usage, statements and analytics
--   then agree after cancels with no new column (the daily rollup follows the hourly row's
--   difference), and a canceled message is not a FAILED one (delivery rates are unchanged).
CREATE OR REPLACE FUNCTION sg_message_stats_updated() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  -- Most updates change no status (claims, releases, retention's redaction): nothing to count.
  IF NOT EXISTS (SELECT id, status FROM new_rows EXCEPT ALL SELECT id, status FROM old_rows) THEN
    RETURN NULL;
  END IF;
  WITH k AS MATERIALIZED (
    SELECT o.organization_id, o.environment, date_trunc('hour', o.created_at, 'UTC') AS hour,
           coalesce(o.country, '') AS country,
           CASE WHEN o.segments > 0 THEN o.price_units / o.segments ELSE 0 END AS pps,
           n.status, o.segments, o.price_units,
           CASE WHEN n.status = 'DELIVERED' AND n.delivered_at IS NOT NULL
                THEN sg_ttd_bin(extract(epoch FROM n.delivered_at - o.created_at) * 1000) END AS bin
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.status IS DISTINCT FROM o.status AND n.status <> 'QUEUED'
  ), totals AS (
    SELECT organization_id, environment, hour, country, pps,
           -count(*) FILTER (WHERE status = 'CANCELED') AS accepted,
           -coalesce(sum(segments) FILTER (WHERE status = 'CANCELED'), 0) AS segments,
           -coalesce(sum(price_units) FILTER (WHERE status = 'CANCELED'), 0) AS price_units,
           count(*) FILTER (WHERE status = 'SENT') AS sent,
           count(*) FILTER (WHERE status = 'DELIVERED') AS delivered,
           count(*) FILTER (WHERE status = 'UNDELIVERED') AS undelivered,
           count(*) FILTER (WHERE status = 'FAILED') AS failed,
           coalesce(sum(segments) FILTER (WHERE status = 'FAILED'), 0) AS failed_segments,
           coalesce(sum(price_units) FILTER (WHERE status = 'FAILED'), 0) AS failed_price_units
    FROM k GROUP BY 1, 2, 3, 4, 5
  ), per_bin AS (
    SELECT organization_id, environment, hour, country, pps, bin, count(*) AS n
    FROM k WHERE bin IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6
  ), bins AS (
    SELECT t.organization_id, t.environment, t.hour, t.country, t.pps,
           array_agg(coalesce(b.n, 0)::bigint ORDER BY g.i) AS ttd_bins
    FROM totals t
    CROSS JOIN generate_series(0, 41) g(i)
    LEFT JOIN per_bin b ON b.organization_id = t.organization_id AND b.environment = t.environment
      AND b.hour = t.hour AND b.country = t.country AND b.pps = t.pps AND b.bin = g.i
    GROUP BY 1, 2, 3, 4, 5
  )
  INSERT INTO message_stats_hourly AS s
    (organization_id, environment, hour, country, price_per_segment_units, accepted, segments, price_units,
     sent, delivered, undelivered, failed, failed_segments, failed_price_units, ttd_bins)
  SELECT t.organization_id, t.environment, t.hour, t.country, t.pps, t.accepted, t.segments, t.price_units,
         t.sent, t.delivered, t.undelivered, t.failed, t.failed_segments, t.failed_price_units, b.ttd_bins
  FROM totals t JOIN bins b USING (organization_id, environment, hour, country, pps)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_id, environment, hour, country, price_per_segment_units) DO UPDATE SET
    accepted = s.accepted + excluded.accepted,
    segments = s.segments + excluded.segments,
    price_units = s.price_units + excluded.price_units,
    sent = s.sent + excluded.sent,
    delivered = s.delivered + excluded.delivered,
    undelivered = s.undelivered + excluded.undelivered,
    failed = s.failed + excluded.failed,
    failed_segments = s.failed_segments + excluded.failed_segments,
    failed_price_units = s.failed_price_units + excluded.failed_price_units,
    ttd_bins = sg_add_bins(s.ttd_bins, excluded.ttd_bins);
  RETURN NULL;
END
$$;

-- History with status=SCHEDULED (contract §11) for an organization with millions of messages: the
-- list's order over the waiting rows alone; a row leaves it when it is due or canceled.
CREATE INDEX "messages_scheduled_organization_id_id_idx" ON "messages" ("organization_id", "id")
  WHERE "status" = 'SCHEDULED';

-- The due-scan's claim (server/scheduling/dispatch-due.ts): up to p_limit SCHEDULED messages due at
-- p_now, oldest sendAt first, locked for the calling statement. FOR UPDATE SKIP LOCKED: two
-- processes scanning at once take disjoint rows, and a cancel holding a row is skipped (it decides
-- that message). As in sg_claim_queued_messages, plans needing a sort or a bitmap are switched off:
-- a burst of scheduled rows outruns the table's statistics, and the ordered walk of the partial
-- index is the only plan that stops after p_limit rows.
CREATE FUNCTION sg_due_scheduled_messages(p_now timestamptz, p_limit int, p_organization text)
RETURNS TABLE (id text, organization_id text, environment text, to_number text, price_units bigint,
               segments int, created_at timestamptz)
LANGUAGE sql
SET enable_sort = off
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
  SELECT m.id, m.organization_id, m.environment::text, m.to_number, m.price_units, m.segments, m.created_at
  FROM messages m
  WHERE m.status = 'SCHEDULED' AND m.send_at <= p_now
    AND (p_organization IS NULL OR m.organization_id = p_organization)
  ORDER BY m.send_at
  LIMIT p_limit
  FOR UPDATE SKIP LOCKED
$$;
