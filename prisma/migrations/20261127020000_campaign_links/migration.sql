-- Hand-written. Campaign link tracking (contract §11, server/campaigns/links/): the short links,
-- the recipients who clicked, and per-day click and opt-out counts per campaign.
--
-- No foreign keys: a link row is written for every recipient of a million-recipient campaign, and
-- a per-row key check (a query and a FOR KEY SHARE lock) would double the cost of the insert. The
-- rows go with their campaign (see the migration that joins them to campaigns) and their age
-- (retention deletes links with the messages they were sent in; the day counts stay exact).

CREATE TABLE "campaign_links" (
    "code" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "campaign_id" TEXT COLLATE "C" NOT NULL,
    "contact_id" TEXT COLLATE "C" NOT NULL,
    "message_id" TEXT COLLATE "C",
    "phone" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "clicks" INTEGER NOT NULL DEFAULT 0,
    "first_clicked_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_links_pkey" PRIMARY KEY ("code")
);

CREATE INDEX "campaign_links_campaign_id_contact_id_idx" ON "campaign_links"("campaign_id", "contact_id");
CREATE INDEX "campaign_links_created_at_idx" ON "campaign_links"("created_at");

CREATE TABLE "campaign_link_clickers" (
    "campaign_id" TEXT COLLATE "C" NOT NULL,
    "contact_id" TEXT COLLATE "C" NOT NULL,
    "first_clicked_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "campaign_link_clickers_pkey" PRIMARY KEY ("campaign_id", "contact_id")
);

CREATE TABLE "campaign_daily_stats" (
    "campaign_id" TEXT COLLATE "C" NOT NULL,
    "day" DATE NOT NULL,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "unique_clicks" BIGINT NOT NULL DEFAULT 0,
    "opt_outs" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "campaign_daily_stats_pkey" PRIMARY KEY ("campaign_id", "day")
);
