-- The fraud guard's organization-wide rule (issue 38): pumping spread over neighbouring prefixes,
-- each under the per-prefix threshold, is caught by the destination country's OTP sends and
-- verifies over all its prefixes in the last hour.
--
-- A country's counts are kept in fraud_counters itself, in rows whose key is the country and a
-- stripe ('US:0' … 'US:7', never starting with '+' as a prefix does): the stripe is
-- hashtext(prefix) & 7, so sends to different prefixes of one country do not all wait on one row's
-- lock, and a decision sums at most 16 rows (8 stripes, this hour and the previous one). Retention
-- deletes them by hour with the rest. A prefix row remembers its country, so a verify counts there too.
ALTER TABLE "fraud_counters" ADD COLUMN "country" TEXT;

-- A block is on a prefix, or (scope 'country') on a whole country: its prefix column holds the
-- country (ISO 3166-1 alpha-2), the key it is unblocked by.
ALTER TABLE "fraud_blocks" ADD COLUMN "scope" TEXT NOT NULL DEFAULT 'prefix';
ALTER TABLE "fraud_blocks" ADD CONSTRAINT "fraud_blocks_scope_check" CHECK ("scope" IN ('prefix', 'country'));

-- A verified code counts in its send's hour, in its prefix's row and in its country's stripe.
CREATE OR REPLACE FUNCTION sg_fraud_count_verified() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  p text := left(NEW.to_number, length(NEW.to_number) - 4);
  h timestamptz := date_trunc('hour', NEW.created_at, 'UTC');
  c text;
BEGIN
  UPDATE fraud_counters SET verified = verified + 1
  WHERE organization_id = NEW.organization_id AND environment = NEW.environment AND prefix = p AND hour = h
  RETURNING country INTO c;
  IF c IS NOT NULL THEN
    UPDATE fraud_counters SET verified = verified + 1
    WHERE organization_id = NEW.organization_id AND environment = NEW.environment
      AND prefix = c || ':' || (hashtext(p) & 7) AND hour = h;
  END IF;
  RETURN NULL;
END $$;
