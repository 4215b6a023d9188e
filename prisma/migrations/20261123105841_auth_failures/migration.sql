-- CreateTable
CREATE TABLE "auth_failure_buckets" (
    "subject" TEXT NOT NULL,
    "bucket" BIGINT NOT NULL,
    "count" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "auth_failure_buckets_pkey" PRIMARY KEY ("subject","bucket")
);

-- CreateIndex
CREATE INDEX "auth_failure_buckets_bucket_idx" ON "auth_failure_buckets"("bucket");


-- Brute-force limits on credentials (token, refresh, dashboard sign-in). An attempt is counted
-- BEFORE the password is checked, in every subject it names (account, client IP), and only when
-- every subject is under its limit; a success then takes its count back (sg_auth_attempt_refund
-- is a plain UPDATE). Counting first means a burst of parallel guesses cannot all slip past one
-- check. Transaction-scoped advisory locks per subject, taken in a fixed order, make
-- check-and-count atomic across every connection and instance.
-- A bucket still partly inside the window counts whole, so the limit errs on the strict side.
CREATE OR REPLACE FUNCTION sg_auth_attempt_take(
  p_subjects text[],
  p_limits integer[],
  p_now_ms bigint,
  p_window_s integer,
  p_granularity_s integer
) RETURNS TABLE (
  allowed boolean,
  counted_bucket bigint,
  retry_after_ms bigint,
  denied_limit integer
) LANGUAGE plpgsql AS $$
DECLARE
  now_s double precision := p_now_ms / 1000.0;
  first_bucket bigint := floor((now_s - p_window_s) / p_granularity_s);
  cur bigint := floor(now_s / p_granularity_s);
  s text;
  r record;
  cnt bigint;
  need bigint;
  acc bigint;
  candidate bigint;
  deny_retry bigint := NULL;
  deny_limit integer := NULL;
BEGIN
  FOR s IN SELECT DISTINCT u FROM unnest(p_subjects) u ORDER BY u LOOP
    PERFORM pg_advisory_xact_lock(hashtext('sg-auth-attempt:' || s));
  END LOOP;

  FOR i IN 1..coalesce(array_length(p_subjects, 1), 0) LOOP
    SELECT coalesce(sum(b.count), 0) INTO cnt
      FROM auth_failure_buckets b
     WHERE b.subject = p_subjects[i] AND b.bucket >= first_bucket;
    IF cnt >= p_limits[i] THEN
      -- Full: an attempt passes once enough of the oldest buckets have left the window.
      need := cnt - p_limits[i] + 1;
      acc := 0;
      candidate := p_window_s::bigint * 1000;
      FOR r IN
        SELECT b.bucket AS bk, b.count AS n FROM auth_failure_buckets b
         WHERE b.subject = p_subjects[i] AND b.bucket >= first_bucket
         ORDER BY b.bucket
      LOOP
        acc := acc + r.n;
        IF acc >= need THEN
          candidate := ((r.bk + 1) * p_granularity_s + p_window_s) * 1000 - p_now_ms;
          EXIT;
        END IF;
      END LOOP;
      IF deny_retry IS NULL OR candidate > deny_retry THEN
        deny_retry := candidate;
        deny_limit := p_limits[i];
      END IF;
    END IF;
  END LOOP;

  IF deny_retry IS NOT NULL THEN
    RETURN QUERY SELECT false, NULL::bigint, deny_retry, deny_limit;
    RETURN;
  END IF;

  FOR i IN 1..coalesce(array_length(p_subjects, 1), 0) LOOP
    INSERT INTO auth_failure_buckets AS b (subject, bucket, count)
    VALUES (p_subjects[i], cur, 1)
    ON CONFLICT (subject, bucket) DO UPDATE SET count = b.count + 1;
  END LOOP;

  -- Buckets a day old are useless. Judged by the database's own clock, not p_now_ms, so a
  -- caller with a skewed or injected clock never deletes live counts.
  IF random() < 0.01 THEN
    DELETE FROM auth_failure_buckets b
     WHERE b.bucket < floor((extract(epoch FROM clock_timestamp()) - 86400) / p_granularity_s);
  END IF;

  RETURN QUERY SELECT true, cur, NULL::bigint, NULL::integer;
END
$$;
