-- Hand-written. A short link may stop working (issue 38): a sandbox message's links redirect for an
-- hour, so a free account cannot mint lasting redirects on the service's domain. NULL: never
-- expires (live campaigns). A nullable column with no default: a catalog change only.
ALTER TABLE "campaign_links" ADD COLUMN "expires_at" TIMESTAMPTZ(3);
