-- Campaigns (contract §11): the campaigns, their recipients (one row per contact of the audience,
-- written when the campaign starts running) and their counts. See server/campaigns/ and
-- docs/campaigns.md.

-- CreateEnum
CREATE TYPE "CampaignStatus" AS ENUM ('DRAFT', 'SCHEDULED', 'RUNNING', 'PAUSED', 'COMPLETED', 'CANCELED');

-- CreateEnum
CREATE TYPE "CampaignRecipientStatus" AS ENUM ('PENDING', 'ACCEPTED', 'SKIPPED', 'CANCELED');

-- CreateTable
CREATE TABLE "campaigns" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "name" TEXT NOT NULL,
    "status" "CampaignStatus" NOT NULL DEFAULT 'DRAFT',
    "paused_reason" TEXT,
    "audience_tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "exclude_tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "from_sender" TEXT,
    "template" TEXT NOT NULL,
    "append_opt_out_text" BOOLEAN NOT NULL DEFAULT true,
    "scheduled_at" TIMESTAMPTZ(3),
    "send_window_start" TEXT,
    "send_window_end" TEXT,
    "throttle_per_minute" INTEGER,
    "frequency_cap_hours" INTEGER,
    "link_tracking" BOOLEAN NOT NULL DEFAULT false,
    "api_key_id" TEXT COLLATE "C",
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "launched_at" TIMESTAMPTZ(3),
    "started_at" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "swept_at" TIMESTAMPTZ(3),
    "expansion_cursor" TEXT COLLATE "C",
    "expanded_at" TIMESTAMPTZ(3),
    "throttle_tokens" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "throttle_at" TIMESTAMPTZ(3),
    "estimate_recipients" INTEGER NOT NULL DEFAULT 0,
    "estimate_segments" BIGINT NOT NULL DEFAULT 0,
    "estimate_price_units" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_recipients" (
    "campaign_id" TEXT COLLATE "C" NOT NULL,
    "contact_id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "phone" TEXT NOT NULL,
    "status" "CampaignRecipientStatus" NOT NULL DEFAULT 'PENDING',
    "skipped_reason" TEXT,
    "message_id" TEXT COLLATE "C",
    "not_before" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "campaign_recipients_pkey" PRIMARY KEY ("campaign_id","contact_id")
);

-- CreateTable
CREATE TABLE "campaign_stats" (
    "campaign_id" TEXT COLLATE "C" NOT NULL,
    "recipients" BIGINT NOT NULL DEFAULT 0,
    "pending" BIGINT NOT NULL DEFAULT 0,
    "queued" BIGINT NOT NULL DEFAULT 0,
    "sent" BIGINT NOT NULL DEFAULT 0,
    "delivered" BIGINT NOT NULL DEFAULT 0,
    "undelivered" BIGINT NOT NULL DEFAULT 0,
    "failed" BIGINT NOT NULL DEFAULT 0,
    "canceled" BIGINT NOT NULL DEFAULT 0,
    "skipped_opted_out" BIGINT NOT NULL DEFAULT 0,
    "skipped_country_not_allowed" BIGINT NOT NULL DEFAULT 0,
    "skipped_frequency_cap" BIGINT NOT NULL DEFAULT 0,
    "skipped_invalid_template" BIGINT NOT NULL DEFAULT 0,
    "opt_outs" BIGINT NOT NULL DEFAULT 0,
    "spend_units" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "campaign_stats_pkey" PRIMARY KEY ("campaign_id")
);

-- CreateIndex
CREATE INDEX "campaigns_organization_id_id_idx" ON "campaigns"("organization_id", "id");

-- CreateIndex
CREATE INDEX "campaign_recipients_campaign_id_status_contact_id_idx" ON "campaign_recipients"("campaign_id", "status", "contact_id");

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Expansion writes recipients in contact id order; the sending claim reads each campaign's waiting
-- recipients by their next allowed time, through this partial index only (skipped, accepted and
-- canceled rows leave it).
CREATE INDEX "campaign_recipients_pending_idx" ON "campaign_recipients" ("campaign_id", "not_before", "contact_id")
  WHERE "status" = 'PENDING';
-- The frequency cap (a campaign message to the phone from this organization within N hours) and
-- the opt-out count (a STOP within 7 days of a campaign message) look recipients up by phone.
CREATE INDEX "campaign_recipients_phone_accepted_idx" ON "campaign_recipients" ("organization_id", "phone", "accepted_at")
  WHERE "accepted_at" IS NOT NULL;
-- The runner looks for campaigns with work: only those rows are in this index.
CREATE INDEX "campaigns_active_idx" ON "campaigns" ("status", "scheduled_at") WHERE "status" IN ('SCHEDULED', 'RUNNING');
-- Canceled campaigns whose waiting recipients are still to be marked CANCELED (the runner's sweep).
CREATE INDEX "campaigns_unswept_idx" ON "campaigns" ("id") WHERE "status" = 'CANCELED' AND "swept_at" IS NULL;
-- Campaign messages carry their campaign id as batch_id: the stats triggers below find them by it.

-- Recipients: counts follow the rows' own writes (expansion inserts PENDING rows, sending moves
-- them to ACCEPTED or SKIPPED, cancel to CANCELED), aggregated per statement and upserted in
-- campaign order.
CREATE FUNCTION sg_campaign_recipients_inserted() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO campaign_stats AS s (campaign_id, recipients, pending, skipped_opted_out, skipped_country_not_allowed,
                                   skipped_frequency_cap, skipped_invalid_template)
  SELECT campaign_id, count(*), count(*) FILTER (WHERE status = 'PENDING'),
         count(*) FILTER (WHERE skipped_reason = 'opted_out'),
         count(*) FILTER (WHERE skipped_reason = 'country_not_allowed'),
         count(*) FILTER (WHERE skipped_reason = 'frequency_cap'),
         count(*) FILTER (WHERE skipped_reason = 'invalid_template')
  FROM new_rows GROUP BY campaign_id ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET
    recipients = s.recipients + excluded.recipients,
    pending = s.pending + excluded.pending,
    skipped_opted_out = s.skipped_opted_out + excluded.skipped_opted_out,
    skipped_country_not_allowed = s.skipped_country_not_allowed + excluded.skipped_country_not_allowed,
    skipped_frequency_cap = s.skipped_frequency_cap + excluded.skipped_frequency_cap,
    skipped_invalid_template = s.skipped_invalid_template + excluded.skipped_invalid_template;
  RETURN NULL;
END
$$;

CREATE FUNCTION sg_campaign_recipients_updated() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO campaign_stats AS s (campaign_id, pending, canceled, skipped_opted_out, skipped_country_not_allowed,
                                   skipped_frequency_cap, skipped_invalid_template)
  SELECT o.campaign_id,
         count(*) FILTER (WHERE n.status = 'PENDING') - count(*) FILTER (WHERE o.status = 'PENDING'),
         count(*) FILTER (WHERE n.status = 'CANCELED') - count(*) FILTER (WHERE o.status = 'CANCELED'),
         count(*) FILTER (WHERE n.skipped_reason = 'opted_out') - count(*) FILTER (WHERE o.skipped_reason = 'opted_out'),
         count(*) FILTER (WHERE n.skipped_reason = 'country_not_allowed')
           - count(*) FILTER (WHERE o.skipped_reason = 'country_not_allowed'),
         count(*) FILTER (WHERE n.skipped_reason = 'frequency_cap') - count(*) FILTER (WHERE o.skipped_reason = 'frequency_cap'),
         count(*) FILTER (WHERE n.skipped_reason = 'invalid_template')
           - count(*) FILTER (WHERE o.skipped_reason = 'invalid_template')
  FROM old_rows o JOIN new_rows n ON n.campaign_id = o.campaign_id AND n.contact_id = o.contact_id
  WHERE n.status IS DISTINCT FROM o.status OR n.skipped_reason IS DISTINCT FROM o.skipped_reason
  GROUP BY o.campaign_id ORDER BY o.campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET
    pending = s.pending + excluded.pending,
    canceled = s.canceled + excluded.canceled,
    skipped_opted_out = s.skipped_opted_out + excluded.skipped_opted_out,
    skipped_country_not_allowed = s.skipped_country_not_allowed + excluded.skipped_country_not_allowed,
    skipped_frequency_cap = s.skipped_frequency_cap + excluded.skipped_frequency_cap,
    skipped_invalid_template = s.skipped_invalid_template + excluded.skipped_invalid_template;
  RETURN NULL;
END
$$;

CREATE TRIGGER campaign_recipients_stats_inserted AFTER INSERT ON "campaign_recipients"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_recipients_inserted();
CREATE TRIGGER campaign_recipients_stats_updated AFTER UPDATE ON "campaign_recipients"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_recipients_updated();

-- Messages: a campaign's messages carry its id as batch_id ('cmp_…'). Acceptance adds them to
-- `queued` and `spend`; each status change moves one count to another; FAILED and CANCELED
-- release their price (not billed). Statements without a campaign message end at the first check.
CREATE FUNCTION sg_campaign_messages_inserted() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE batch_id LIKE 'cmp\_%') THEN
    RETURN NULL;
  END IF;
  INSERT INTO campaign_stats AS s (campaign_id, queued, spend_units)
  SELECT batch_id, count(*) FILTER (WHERE status = 'QUEUED'), sum(price_units)
  FROM new_rows WHERE batch_id LIKE 'cmp\_%'
  GROUP BY batch_id ORDER BY batch_id
  ON CONFLICT (campaign_id) DO UPDATE SET
    queued = s.queued + excluded.queued,
    spend_units = s.spend_units + excluded.spend_units;
  RETURN NULL;
END
$$;

CREATE FUNCTION sg_campaign_messages_updated() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE batch_id LIKE 'cmp\_%') THEN
    RETURN NULL;
  END IF;
  WITH k AS MATERIALIZED (
    SELECT o.batch_id AS campaign_id, o.status AS old_status, n.status AS new_status,
           n.price_units - o.price_units AS spend
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.batch_id LIKE 'cmp\_%' AND (n.status IS DISTINCT FROM o.status OR n.price_units <> o.price_units)
  )
  INSERT INTO campaign_stats AS s (campaign_id, queued, sent, delivered, undelivered, failed, canceled, spend_units)
  SELECT campaign_id,
         count(*) FILTER (WHERE new_status = 'QUEUED') - count(*) FILTER (WHERE old_status = 'QUEUED'),
         count(*) FILTER (WHERE new_status = 'SENT') - count(*) FILTER (WHERE old_status = 'SENT'),
         count(*) FILTER (WHERE new_status = 'DELIVERED') - count(*) FILTER (WHERE old_status = 'DELIVERED'),
         count(*) FILTER (WHERE new_status = 'UNDELIVERED') - count(*) FILTER (WHERE old_status = 'UNDELIVERED'),
         count(*) FILTER (WHERE new_status = 'FAILED') - count(*) FILTER (WHERE old_status = 'FAILED'),
         count(*) FILTER (WHERE new_status = 'CANCELED') - count(*) FILTER (WHERE old_status = 'CANCELED'),
         sum(spend)
  FROM k GROUP BY campaign_id ORDER BY campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET
    queued = s.queued + excluded.queued,
    sent = s.sent + excluded.sent,
    delivered = s.delivered + excluded.delivered,
    undelivered = s.undelivered + excluded.undelivered,
    failed = s.failed + excluded.failed,
    canceled = s.canceled + excluded.canceled,
    spend_units = s.spend_units + excluded.spend_units;
  RETURN NULL;
END
$$;

CREATE TRIGGER messages_campaign_stats_inserted AFTER INSERT ON "messages"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_messages_inserted();
CREATE TRIGGER messages_campaign_stats_updated AFTER UPDATE ON "messages"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_messages_updated();

-- STOP keywords (contract §11 `optOuts`): a keyword opt-out counts once for each campaign that
-- texted that phone from this organization in the 7 days before it.
CREATE FUNCTION sg_campaign_opt_outs_inserted() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO campaign_stats AS s (campaign_id, opt_outs)
  SELECT r.campaign_id, count(*)
  FROM new_rows n
  JOIN campaign_recipients r ON r.organization_id = n.organization_id AND r.phone = n.phone
   AND r.accepted_at IS NOT NULL AND r.accepted_at >= n.opted_out_at - interval '7 days'
   AND r.accepted_at <= n.opted_out_at
  WHERE n.source = 'keyword'
  GROUP BY r.campaign_id ORDER BY r.campaign_id
  ON CONFLICT (campaign_id) DO UPDATE SET opt_outs = s.opt_outs + excluded.opt_outs;
  RETURN NULL;
END
$$;

CREATE TRIGGER contact_opt_outs_campaign_stats AFTER INSERT ON "contact_opt_outs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_opt_outs_inserted();
