-- Hourly aggregates of messages and one-time codes (contract §8 and §9): analytics, usage and
-- statements all read these, never the messages, so they stay fast at millions of messages and
-- exact after retention deletes old rows (nothing here is ever deleted with them).
--
-- Written by statement-level triggers in the same transaction as the rows' own transitions: an
-- accepting statement adds its messages, a transition statement moves the counts of the messages
-- whose status changed (an UPDATE that changes no status, such as a claim or retention's body
-- redaction, counts nothing). Each trigger aggregates its whole statement first and upserts its
-- keys in key order, so concurrent statements cannot deadlock on these rows.

-- The recipient's country at acceptance (ISO 3166-1 alpha-2; NULL when the number has none).
ALTER TABLE "messages" ADD COLUMN "country" TEXT COLLATE "C";

-- Time to deliver in log-spaced bins: bin 0 is under 100 ms, bin k (1..40) from 100 ms × √2^(k-1)
-- to 100 ms × √2^k, bin 41 everything from 100 ms × 2^20 (29 h) up. p50/p95 come from these.
CREATE FUNCTION sg_ttd_bin(ms double precision) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN ms < 100 THEN 0 ELSE least(41, 1 + floor(2 * ln(ms / 100) / ln(2))::int) END
$$;

CREATE FUNCTION sg_add_bins(a bigint[], b bigint[]) RETURNS bigint[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_agg(coalesce(a[i], 0) + coalesce(b[i], 0) ORDER BY i) FROM generate_series(1, 42) i
$$;

CREATE TABLE "message_stats_hourly" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    -- '' when unknown, so it can be part of the key.
    "country" TEXT COLLATE "C" NOT NULL,
    -- The price per segment the messages were accepted at (units of 1/10,000 USD; 0 in the sandbox):
    -- statements have one line per country and price.
    "price_per_segment_units" BIGINT NOT NULL,
    "accepted" BIGINT NOT NULL DEFAULT 0,
    "segments" BIGINT NOT NULL DEFAULT 0,
    "price_units" BIGINT NOT NULL DEFAULT 0,
    "sent" BIGINT NOT NULL DEFAULT 0,
    "delivered" BIGINT NOT NULL DEFAULT 0,
    "undelivered" BIGINT NOT NULL DEFAULT 0,
    "failed" BIGINT NOT NULL DEFAULT 0,
    -- What FAILED messages had been accepted with: not billed, so usage subtracts it.
    "failed_segments" BIGINT NOT NULL DEFAULT 0,
    "failed_price_units" BIGINT NOT NULL DEFAULT 0,
    "ttd_bins" BIGINT[] NOT NULL DEFAULT array_fill(0::bigint, ARRAY[42]),
    CONSTRAINT "message_stats_hourly_pkey"
      PRIMARY KEY ("organization_id", "environment", "hour", "country", "price_per_segment_units")
);

CREATE TABLE "otp_stats_hourly" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "sent" BIGINT NOT NULL DEFAULT 0,
    "verified" BIGINT NOT NULL DEFAULT 0,
    "expired" BIGINT NOT NULL DEFAULT 0,
    CONSTRAINT "otp_stats_hourly_pkey" PRIMARY KEY ("organization_id", "environment", "hour")
);

-- The trigger functions run with jit = off: their queries read transition tables of unknown size,
-- whose estimates can pass jit_above_cost, and compiling them took ~0.5 s per statement on a
-- PostgreSQL with JIT (measured: a hand-off round went from 8 ms to over a second).
CREATE FUNCTION sg_message_stats_inserted() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO message_stats_hourly AS s
    (organization_id, environment, hour, country, price_per_segment_units, accepted, segments, price_units)
  SELECT organization_id, environment, date_trunc('hour', created_at, 'UTC'), coalesce(country, ''),
         CASE WHEN segments > 0 THEN price_units / segments ELSE 0 END,
         count(*), sum(segments), sum(price_units)
  FROM new_rows
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_id, environment, hour, country, price_per_segment_units) DO UPDATE SET
    accepted = s.accepted + excluded.accepted,
    segments = s.segments + excluded.segments,
    price_units = s.price_units + excluded.price_units;
  RETURN NULL;
END
$$;

-- Keyed by what the message was accepted with (the old row): a FAILED message's price becomes 0,
-- but its counts stay on the line it was accepted on.
CREATE FUNCTION sg_message_stats_updated() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  -- Most updates change no status (claims, releases, retention's redaction): nothing to count.
  IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.status IS DISTINCT FROM o.status) THEN
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
    WHERE n.status IS DISTINCT FROM o.status
  ), totals AS (
    SELECT organization_id, environment, hour, country, pps,
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
    (organization_id, environment, hour, country, price_per_segment_units,
     sent, delivered, undelivered, failed, failed_segments, failed_price_units, ttd_bins)
  SELECT t.organization_id, t.environment, t.hour, t.country, t.pps,
         t.sent, t.delivered, t.undelivered, t.failed, t.failed_segments, t.failed_price_units, b.ttd_bins
  FROM totals t JOIN bins b USING (organization_id, environment, hour, country, pps)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_id, environment, hour, country, price_per_segment_units) DO UPDATE SET
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

CREATE TRIGGER messages_stats_inserted AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_message_stats_inserted();
CREATE TRIGGER messages_stats_updated AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_message_stats_updated();

CREATE FUNCTION sg_otp_stats_inserted() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO otp_stats_hourly AS s (organization_id, environment, hour, sent)
  SELECT organization_id, environment, date_trunc('hour', created_at, 'UTC'), count(*)
  FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, environment, hour) DO UPDATE SET sent = s.sent + excluded.sent;
  RETURN NULL;
END
$$;

-- Verified: PENDING → APPROVED. Expired: a code that ended unused by time or attempts.
CREATE FUNCTION sg_otp_stats_updated() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO otp_stats_hourly AS s (organization_id, environment, hour, verified, expired)
  SELECT o.organization_id, o.environment, date_trunc('hour', o.created_at, 'UTC'),
         count(*) FILTER (WHERE n.status = 'APPROVED'),
         count(*) FILTER (WHERE n.status IN ('EXPIRED', 'MAX_ATTEMPTS'))
  FROM old_rows o JOIN new_rows n ON n.id = o.id
  WHERE n.status IS DISTINCT FROM o.status AND n.status IN ('APPROVED', 'EXPIRED', 'MAX_ATTEMPTS')
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, environment, hour) DO UPDATE SET
    verified = s.verified + excluded.verified,
    expired = s.expired + excluded.expired;
  RETURN NULL;
END
$$;

CREATE TRIGGER otp_codes_stats_inserted AFTER INSERT ON "otp_codes"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_otp_stats_inserted();
CREATE TRIGGER otp_codes_stats_updated AFTER UPDATE ON "otp_codes"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_otp_stats_updated();

-- Messages and codes already there: counted once, now (their later transitions go through the triggers).
INSERT INTO message_stats_hourly
  (organization_id, environment, hour, country, price_per_segment_units, accepted, segments, price_units,
   sent, delivered, undelivered, failed, failed_segments, failed_price_units)
SELECT organization_id, environment, date_trunc('hour', created_at, 'UTC'), '', 0, count(*), sum(segments),
       sum(price_units),
       count(*) FILTER (WHERE status = 'SENT'), count(*) FILTER (WHERE status = 'DELIVERED'),
       count(*) FILTER (WHERE status = 'UNDELIVERED'), count(*) FILTER (WHERE status = 'FAILED'),
       coalesce(sum(segments) FILTER (WHERE status = 'FAILED'), 0), 0
FROM messages GROUP BY 1, 2, 3;

INSERT INTO otp_stats_hourly (organization_id, environment, hour, sent, verified, expired)
SELECT organization_id, environment, date_trunc('hour', created_at, 'UTC'), count(*),
       count(*) FILTER (WHERE status = 'APPROVED'), count(*) FILTER (WHERE status IN ('EXPIRED', 'MAX_ATTEMPTS'))
FROM otp_codes GROUP BY 1, 2, 3;
