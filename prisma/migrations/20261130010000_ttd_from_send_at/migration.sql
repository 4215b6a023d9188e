-- Time to deliver (issue 39, item 5): from the hand-off, which is the API's acceptance for a message sent
-- now and its `sendAt` for a scheduled one. Counting from acceptance put a scheduled message's wait in the
-- histogram (a 2-minute sendAt gave p95 = 2.1 min). Same body as 20261126021000_dispatch_stats_early_exit
-- otherwise. Bins already counted stay as they were.
CREATE OR REPLACE FUNCTION sg_message_stats_updated() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  -- The due-scan moves thousands of rows SCHEDULED → QUEUED per statement, and a move to QUEUED
  -- counts nothing (the join below drops it): one pass over new_rows ends here, before the join of
  -- old_rows and new_rows that the check below needs.
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE status <> 'QUEUED') THEN
    RETURN NULL;
  END IF;
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
                THEN sg_ttd_bin(extract(epoch FROM n.delivered_at - coalesce(o.send_at, o.created_at)) * 1000) END AS bin
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
