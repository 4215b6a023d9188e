-- Campaign stats in stripes (issue 27's sending speed). Until now every sending batch's triggers
-- upserted one row per campaign, and a batch holds that row lock until it commits, so a campaign's
-- parallel sending batches (and the pipeline's status updates, and the expansion) queued behind
-- one another on it. Now a campaign's counts are spread over up to 16 rows, (campaign_id, stripe),
-- the stripe chosen by the writing transaction's id, and summed on read
-- (server/campaigns/stats/read-stats.ts). A transaction always writes the same stripe, so its
-- locks are still taken in campaign order and cannot deadlock. The counts stay exact: the same
-- transitions feed them, in the same transactions, and nothing is ever deleted with messages.
--
-- Also: `skipped_contact_deleted`, recipients whose contact was deleted after the audience was
-- fixed (never texted, never billed).

ALTER TABLE "campaign_stats" ADD COLUMN "stripe" SMALLINT NOT NULL DEFAULT 0;
ALTER TABLE "campaign_stats" ADD COLUMN "skipped_contact_deleted" BIGINT NOT NULL DEFAULT 0;
ALTER TABLE "campaign_stats" DROP CONSTRAINT "campaign_stats_pkey";
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_pkey" PRIMARY KEY ("campaign_id", "stripe");

-- The writing transaction's stripe: concurrent transactions have nearby ids, so they land on
-- different rows; one transaction's writes all land on the same one.
CREATE FUNCTION sg_campaign_stats_stripe() RETURNS smallint LANGUAGE sql VOLATILE AS $$
  SELECT (txid_current() % 16)::smallint
$$;

-- The one place the counters are written: adds a delta to the campaign's row of this stripe.
-- Callers pass their campaigns in id order (lock order).
CREATE FUNCTION sg_add_campaign_stats(
  campaign text,
  recipients bigint DEFAULT 0,
  pending bigint DEFAULT 0,
  queued bigint DEFAULT 0,
  sent bigint DEFAULT 0,
  delivered bigint DEFAULT 0,
  undelivered bigint DEFAULT 0,
  failed bigint DEFAULT 0,
  canceled bigint DEFAULT 0,
  skipped_opted_out bigint DEFAULT 0,
  skipped_country_not_allowed bigint DEFAULT 0,
  skipped_frequency_cap bigint DEFAULT 0,
  skipped_invalid_template bigint DEFAULT 0,
  skipped_contact_deleted bigint DEFAULT 0,
  opt_outs bigint DEFAULT 0,
  spend_units bigint DEFAULT 0
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO campaign_stats AS s (campaign_id, stripe, recipients, pending, queued, sent, delivered, undelivered,
                                   failed, canceled, skipped_opted_out, skipped_country_not_allowed,
                                   skipped_frequency_cap, skipped_invalid_template, skipped_contact_deleted,
                                   opt_outs, spend_units)
  VALUES (campaign, sg_campaign_stats_stripe(), recipients, pending, queued, sent, delivered, undelivered, failed,
          canceled, skipped_opted_out, skipped_country_not_allowed, skipped_frequency_cap, skipped_invalid_template,
          skipped_contact_deleted, opt_outs, spend_units)
  ON CONFLICT (campaign_id, stripe) DO UPDATE SET
    recipients = s.recipients + excluded.recipients,
    pending = s.pending + excluded.pending,
    queued = s.queued + excluded.queued,
    sent = s.sent + excluded.sent,
    delivered = s.delivered + excluded.delivered,
    undelivered = s.undelivered + excluded.undelivered,
    failed = s.failed + excluded.failed,
    canceled = s.canceled + excluded.canceled,
    skipped_opted_out = s.skipped_opted_out + excluded.skipped_opted_out,
    skipped_country_not_allowed = s.skipped_country_not_allowed + excluded.skipped_country_not_allowed,
    skipped_frequency_cap = s.skipped_frequency_cap + excluded.skipped_frequency_cap,
    skipped_invalid_template = s.skipped_invalid_template + excluded.skipped_invalid_template,
    skipped_contact_deleted = s.skipped_contact_deleted + excluded.skipped_contact_deleted,
    opt_outs = s.opt_outs + excluded.opt_outs,
    spend_units = s.spend_units + excluded.spend_units
$$;

-- Recipients: one function for both writes (expansion inserts PENDING rows; sending moves them to
-- ACCEPTED, SKIPPED or a later PENDING; cancel to CANCELED). Each row of the statement counts +1
-- as it is now and, for an update, -1 as it was, per campaign: a row whose status and reason did
-- not change nets to nothing. No join of the old and new rows (it was a third of a sending batch's
-- recipient update); campaigns whose counts net to nothing are not written.
CREATE FUNCTION sg_campaign_recipients_stats() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sg_add_campaign_stats(campaign_id, recipients => n, pending => pending, canceled => canceled,
              skipped_opted_out => opted_out, skipped_country_not_allowed => country_not_allowed,
              skipped_frequency_cap => frequency_cap, skipped_invalid_template => invalid_template,
              skipped_contact_deleted => contact_deleted)
    FROM (
      SELECT campaign_id, count(*) AS n,
             count(*) FILTER (WHERE status = 'PENDING') AS pending,
             count(*) FILTER (WHERE status = 'CANCELED') AS canceled,
             count(*) FILTER (WHERE skipped_reason = 'opted_out') AS opted_out,
             count(*) FILTER (WHERE skipped_reason = 'country_not_allowed') AS country_not_allowed,
             count(*) FILTER (WHERE skipped_reason = 'frequency_cap') AS frequency_cap,
             count(*) FILTER (WHERE skipped_reason = 'invalid_template') AS invalid_template,
             count(*) FILTER (WHERE skipped_reason = 'contact_deleted') AS contact_deleted
      FROM new_rows GROUP BY campaign_id ORDER BY campaign_id
    ) d;
  ELSE
    PERFORM sg_add_campaign_stats(campaign_id, pending => pending, canceled => canceled,
              skipped_opted_out => opted_out, skipped_country_not_allowed => country_not_allowed,
              skipped_frequency_cap => frequency_cap, skipped_invalid_template => invalid_template,
              skipped_contact_deleted => contact_deleted)
    FROM (
      SELECT campaign_id,
             coalesce(sum(sign) FILTER (WHERE status = 'PENDING'), 0) AS pending,
             coalesce(sum(sign) FILTER (WHERE status = 'CANCELED'), 0) AS canceled,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'opted_out'), 0) AS opted_out,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'country_not_allowed'), 0) AS country_not_allowed,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'frequency_cap'), 0) AS frequency_cap,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'invalid_template'), 0) AS invalid_template,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'contact_deleted'), 0) AS contact_deleted
      FROM (
        SELECT campaign_id, status::text AS status, skipped_reason, 1 AS sign FROM new_rows
        UNION ALL
        SELECT campaign_id, status::text, skipped_reason, -1 FROM old_rows
      ) signed
      GROUP BY campaign_id ORDER BY campaign_id
    ) d
    WHERE pending <> 0 OR canceled <> 0 OR opted_out <> 0 OR country_not_allowed <> 0 OR frequency_cap <> 0
       OR invalid_template <> 0 OR contact_deleted <> 0;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER campaign_recipients_stats_inserted ON "campaign_recipients";
DROP TRIGGER campaign_recipients_stats_updated ON "campaign_recipients";
DROP FUNCTION sg_campaign_recipients_inserted();
DROP FUNCTION sg_campaign_recipients_updated();
CREATE TRIGGER campaign_recipients_stats_inserted AFTER INSERT ON "campaign_recipients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_recipients_stats();
CREATE TRIGGER campaign_recipients_stats_updated AFTER UPDATE ON "campaign_recipients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_recipients_stats();

-- Messages: a campaign's messages carry its id as batch_id ('cmp_…'). One function for both
-- writes, by the same +1 now / -1 before rule (no join): acceptance adds them to `queued` (or the
-- status they were written with) and `spend`; each status change moves one count to another; a
-- FAILED message's price going to 0 gives it back. Statements without a campaign message end at
-- the first check.
CREATE FUNCTION sg_campaign_messages_stats() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE batch_id LIKE 'cmp\_%') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM sg_add_campaign_stats(campaign_id, queued => queued, sent => sent, delivered => delivered,
              undelivered => undelivered, failed => failed, canceled => canceled, spend_units => spend)
    FROM (
      SELECT batch_id AS campaign_id,
             count(*) FILTER (WHERE status = 'QUEUED') AS queued,
             count(*) FILTER (WHERE status = 'SENT') AS sent,
             count(*) FILTER (WHERE status = 'DELIVERED') AS delivered,
             count(*) FILTER (WHERE status = 'UNDELIVERED') AS undelivered,
             count(*) FILTER (WHERE status = 'FAILED') AS failed,
             count(*) FILTER (WHERE status = 'CANCELED') AS canceled,
             sum(price_units)::bigint AS spend
      FROM new_rows WHERE batch_id LIKE 'cmp\_%'
      GROUP BY batch_id ORDER BY batch_id
    ) d;
  ELSE
    PERFORM sg_add_campaign_stats(campaign_id, queued => queued, sent => sent, delivered => delivered,
              undelivered => undelivered, failed => failed, canceled => canceled, spend_units => spend)
    FROM (
      SELECT campaign_id,
             coalesce(sum(sign) FILTER (WHERE status = 'QUEUED'), 0) AS queued,
             coalesce(sum(sign) FILTER (WHERE status = 'SENT'), 0) AS sent,
             coalesce(sum(sign) FILTER (WHERE status = 'DELIVERED'), 0) AS delivered,
             coalesce(sum(sign) FILTER (WHERE status = 'UNDELIVERED'), 0) AS undelivered,
             coalesce(sum(sign) FILTER (WHERE status = 'FAILED'), 0) AS failed,
             coalesce(sum(sign) FILTER (WHERE status = 'CANCELED'), 0) AS canceled,
             coalesce(sum(sign * price_units), 0)::bigint AS spend
      FROM (
        SELECT batch_id AS campaign_id, status::text AS status, price_units, 1 AS sign
        FROM new_rows WHERE batch_id LIKE 'cmp\_%'
        UNION ALL
        SELECT batch_id, status::text, price_units, -1 FROM old_rows WHERE batch_id LIKE 'cmp\_%'
      ) signed
      GROUP BY campaign_id ORDER BY campaign_id
    ) d
    WHERE queued <> 0 OR sent <> 0 OR delivered <> 0 OR undelivered <> 0 OR failed <> 0 OR canceled <> 0
       OR spend <> 0;
  END IF;
  RETURN NULL;
END
$$;

DROP TRIGGER messages_campaign_stats_inserted ON "messages";
DROP TRIGGER messages_campaign_stats_updated ON "messages";
DROP FUNCTION sg_campaign_messages_inserted();
DROP FUNCTION sg_campaign_messages_updated();
CREATE TRIGGER messages_campaign_stats_inserted AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_messages_stats();
CREATE TRIGGER messages_campaign_stats_updated AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_messages_stats();

-- STOP keywords (contract §11 `optOuts`): as before, a keyword opt-out counts once for each
-- campaign that texted that phone from this organization in the 7 days before it.
CREATE OR REPLACE FUNCTION sg_campaign_opt_outs_inserted() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM sg_add_campaign_stats(campaign_id, opt_outs => n)
  FROM (
    SELECT r.campaign_id, count(*) AS n
    FROM new_rows o
    JOIN campaign_recipients r ON r.organization_id = o.organization_id AND r.phone = o.phone
     AND r.accepted_at IS NOT NULL AND r.accepted_at >= o.opted_out_at - interval '7 days'
     AND r.accepted_at <= o.opted_out_at
    WHERE o.source = 'keyword'
    GROUP BY r.campaign_id ORDER BY r.campaign_id
  ) d;
  RETURN NULL;
END
$$;
