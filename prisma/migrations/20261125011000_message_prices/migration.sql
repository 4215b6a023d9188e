-- Prices on messages and the spend limit at acceptance (contract §8).

-- A live message's price in integer units of 1/10,000 USD: segments × its country's price per
-- segment at acceptance; 0 for sandbox messages and once a live message ends FAILED.
ALTER TABLE "messages" ADD COLUMN "price_units" BIGINT NOT NULL DEFAULT 0;

-- Hand-written: money as the API writes it, four places, from integer units (never a float).
CREATE FUNCTION sg_money(units bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT (units / 10000)::text || '.' || lpad((units % 10000)::text, 4, '0')
$$;

-- Hand-written: the payload of every message.* event, now with the price.
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
    'failedAt', sg_iso(m.failed_at)
  )
$$;

-- Hand-written: charges one organization's live messages of one accepting statement against its
-- monthly spend limit, exactly under concurrency. The organization's row for the month is locked
-- (created first if this is the month's first message), so concurrent acceptances of the same
-- organization, in any process, queue here and each sees the spend the one before it committed;
-- other organizations never wait. Items are taken in order while they fit: the answer is how many
-- were accepted (a prefix). Thresholds of the limit crossed by this charge are recorded and
-- announced once per month, as billing.threshold_reached outbox events in the same transaction.
-- Called once per organization per statement, in organization order, so two statements that
-- charge several organizations lock their rows in the same order and cannot deadlock.
CREATE FUNCTION sg_charge_live_messages(
  p_organization text, p_month date, p_prices bigint[], p_segments int[], p_at timestamptz
) RETURNS int LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_limit bigint;
  v_thresholds int[];
  v_spent bigint;
  v_reached int[];
  v_total bigint := 0;
  v_segments bigint := 0;
  v_accepted int := 0;
  v_crossed int[] := '{}';
BEGIN
  SELECT monthly_spend_limit_units, alert_thresholds INTO v_limit, v_thresholds
  FROM organizations WHERE id = p_organization;
  INSERT INTO billing_months (organization_id, month, updated_at) VALUES (p_organization, p_month, p_at)
  ON CONFLICT (organization_id, month) DO NOTHING;
  SELECT spend_units, coalesce(thresholds_reached, '{}') INTO v_spent, v_reached
  FROM billing_months WHERE organization_id = p_organization AND month = p_month FOR UPDATE;
  FOR i IN 1 .. coalesce(array_length(p_prices, 1), 0) LOOP
    EXIT WHEN v_limit IS NOT NULL AND v_spent + v_total + p_prices[i] > v_limit;
    v_total := v_total + p_prices[i];
    v_segments := v_segments + p_segments[i];
    v_accepted := i;
  END LOOP;
  IF v_accepted = 0 THEN
    RETURN 0;
  END IF;
  IF v_limit IS NOT NULL AND v_limit > 0 THEN
    v_crossed := ARRAY(
      SELECT t FROM unnest(coalesce(v_thresholds, '{}')) t
      WHERE (v_spent + v_total) * 100 >= t::bigint * v_limit AND NOT (t = ANY (v_reached))
      ORDER BY t
    );
  END IF;
  UPDATE billing_months SET
    spend_units = v_spent + v_total,
    messages = messages + v_accepted,
    segments = segments + v_segments,
    thresholds_reached = v_reached || v_crossed,
    updated_at = p_at
  WHERE organization_id = p_organization AND month = p_month;
  IF cardinality(v_crossed) > 0 THEN
    INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
    SELECT sg_new_id('evt'), p_organization, 'billing.threshold_reached',
      jsonb_build_object(
        'threshold', t,
        'monthlySpendLimit', sg_money(v_limit),
        'spend', sg_money(v_spent + v_total),
        'period', jsonb_build_object(
          'start', sg_iso(p_month::timestamp AT TIME ZONE 'UTC'),
          'end', sg_iso((p_month + interval '1 month')::timestamp AT TIME ZONE 'UTC')
        )
      ),
      p_at
    FROM unnest(v_crossed) t;
  END IF;
  RETURN v_accepted;
END
$$;
