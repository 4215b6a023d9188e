-- Hand-written. A campaign's test send (POST /campaigns/:id/test) carries real tracked short links, as
-- the campaign's messages will: their rows have no contact, because the test message belongs to no
-- recipient. A click on one redirects and counts on the link row only: no unique click, no day
-- count, no link.clicked event (server/campaigns/links/record-click.ts), so test clicks never
-- reach the campaign's stats. Dropping NOT NULL is a catalog change: no rewrite, no scan.
ALTER TABLE "campaign_links" ALTER COLUMN "contact_id" DROP NOT NULL;
