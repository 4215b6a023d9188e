-- Hand-written: Retry-After never longer than the window (issue 37 §6).
--
-- A bucket used to count while any part of it was inside the window. A request made at 12:00:30.2
-- sits in the bucket of second 30, which then stayed in the minute window until 12:01:31: a burst
-- filling the limit within one second was answered `Retry-After: 61` for a 60-second window (and
-- up to 3660 for the hour, 87300 for the day). A bucket now counts while its start is inside the
-- window: a request is counted for between window − granularity and window (59–60 s for the
-- minute), never longer, so every wait is at most the window. The limiter errs on the lenient side
-- by under one bucket instead of the strict side; Retry-After and X-RateLimit-Reset stay exact for
-- the buckets as counted. server/rate-limits/get-rate-limits.ts reads the same ranges.

CREATE OR REPLACE FUNCTION sg_rate_limit_take(
  p_org text,
  p_category text,
  p_category_limit integer,
  p_now_ms bigint,
  p_key_id text,
  p_key_hash text,
  p_key_version timestamptz
) RETURNS TABLE (
  allowed boolean,
  enabled boolean,
  lim integer,
  remaining integer,
  reset_ms bigint,
  retry_after_ms bigint,
  window_seconds integer,
  key_stale boolean
) LANGUAGE plpgsql AS $$
DECLARE
  cfg record;
  r record;
  now_s double precision := p_now_ms / 1000.0;
  scopes text[] := ARRAY['org', 'org', 'org'];
  grans integer[] := ARRAY[1, 60, 900];
  windows integer[] := ARRAY[60, 3600, 86400];
  limits integer[];
  counts bigint[] := ARRAY[]::bigint[];
  oldests bigint[] := ARRAY[]::bigint[];
  n integer;
  cnt bigint;
  oldest bigint;
  need bigint;
  acc bigint;
  candidate bigint;
  deny_i integer := NULL;
  deny_retry bigint := 0;
  best_i integer := NULL;
  best_rem bigint;
  best_reset bigint;
  rem bigint;
  reset_at bigint;
  cur bigint;
BEGIN
  -- API-key requests are authenticated from a per-process cache; this check, in the same round
  -- trip, makes a key that was disabled, regenerated, edited or deleted on any instance fail on
  -- its very next request. A stale key is reported and not counted.
  IF p_key_id IS NOT NULL THEN
    PERFORM 1 FROM api_keys k
     WHERE k.id = p_key_id AND k.key_hash = p_key_hash AND k.updated_at = p_key_version;
    IF NOT FOUND THEN
      RETURN QUERY SELECT false, false, NULL::integer, NULL::integer, NULL::bigint, NULL::bigint, NULL::integer, true;
      RETURN;
    END IF;
  END IF;

  SELECT o.rate_limit_enabled AS en, o.rate_limit_per_minute AS pm, o.rate_limit_per_hour AS ph,
         o.rate_limit_per_day AS pd
    INTO cfg FROM organizations o WHERE o.id = p_org;
  IF NOT FOUND OR NOT cfg.en THEN
    RETURN QUERY SELECT true, false, NULL::integer, NULL::integer, NULL::bigint, NULL::bigint, NULL::integer, false;
    RETURN;
  END IF;

  PERFORM pg_advisory_xact_lock(hashtext('sg-rate-limit:' || p_org));

  limits := ARRAY[cfg.pm, cfg.ph, cfg.pd];
  IF p_category IS NOT NULL THEN
    scopes := scopes || ('cat:' || p_category);
    grans := grans || 1;
    windows := windows || 60;
    limits := limits || p_category_limit;
  END IF;
  n := array_length(scopes, 1);

  FOR i IN 1..n LOOP
    SELECT coalesce(sum(b.count), 0), min(b.bucket) INTO cnt, oldest
      FROM rate_limit_buckets b
     WHERE b.organization_id = p_org AND b.scope = scopes[i] AND b.granularity = grans[i]
       AND b.bucket > (now_s - windows[i]) / grans[i];
    counts := counts || cnt;
    oldests := oldests || oldest;
    IF cnt >= limits[i] THEN
      -- Full: a request passes once enough of the oldest buckets have left the window.
      need := cnt - limits[i] + 1;
      acc := 0;
      candidate := windows[i]::bigint * 1000;
      FOR r IN
        SELECT b.bucket, b.count FROM rate_limit_buckets b
         WHERE b.organization_id = p_org AND b.scope = scopes[i] AND b.granularity = grans[i]
           AND b.bucket > (now_s - windows[i]) / grans[i]
         ORDER BY b.bucket
      LOOP
        acc := acc + r.count;
        IF acc >= need THEN
          candidate := (r.bucket * grans[i] + windows[i]) * 1000 - p_now_ms;
          EXIT;
        END IF;
      END LOOP;
      IF deny_i IS NULL OR candidate > deny_retry THEN
        deny_i := i;
        deny_retry := candidate;
      END IF;
    END IF;
  END LOOP;

  IF deny_i IS NOT NULL THEN
    INSERT INTO rate_limit_buckets (organization_id, scope, granularity, bucket, count)
    VALUES (p_org, 'rejected', 900, floor(now_s / 900), 1)
    ON CONFLICT (organization_id, scope, granularity, bucket)
    DO UPDATE SET count = rate_limit_buckets.count + 1;
    RETURN QUERY SELECT false, true, limits[deny_i], 0, p_now_ms + deny_retry, deny_retry, windows[deny_i], false;
    RETURN;
  END IF;

  FOR i IN 1..n LOOP
    cur := floor(now_s / grans[i]);
    INSERT INTO rate_limit_buckets (organization_id, scope, granularity, bucket, count)
    VALUES (p_org, scopes[i], grans[i], cur, 1)
    ON CONFLICT (organization_id, scope, granularity, bucket)
    DO UPDATE SET count = rate_limit_buckets.count + 1;
    rem := limits[i] - counts[i] - 1;
    reset_at := (coalesce(oldests[i], cur) * grans[i] + windows[i]) * 1000;
    IF best_i IS NULL OR rem < best_rem OR (rem = best_rem AND limits[i] < limits[best_i]) THEN
      best_i := i;
      best_rem := rem;
      best_reset := reset_at;
    END IF;
  END LOOP;

  -- Old buckets are useless once past the day window; trim this organization's now and then.
  IF random() < 0.01 THEN
    DELETE FROM rate_limit_buckets b
     WHERE b.organization_id = p_org AND b.scope <> 'rejected'
       AND (b.bucket + 1) * b.granularity < now_s - 86400;
    DELETE FROM rate_limit_buckets b
     WHERE b.organization_id = p_org AND b.scope = 'rejected' AND (b.bucket + 1) * b.granularity < now_s - 7 * 86400;
  END IF;

  RETURN QUERY SELECT true, true, limits[best_i], best_rem::integer, best_reset, NULL::bigint, windows[best_i], false;
END
$$;
