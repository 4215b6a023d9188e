-- Hand-written. The campaign's STOPs per day (contract §11 `optOuts`, the "over time" chart), beside
-- its clicks in campaign_daily_stats, counted by the same rule as campaign_stats.opt_outs
-- (20261127010000_campaigns): a keyword opt-out counts once for each campaign that texted the phone
-- from this organization in the 7 days before it, on the opt-out's UTC day.
CREATE FUNCTION sg_campaign_daily_opt_outs() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO campaign_daily_stats AS d (campaign_id, day, opt_outs)
  SELECT r.campaign_id, (n.opted_out_at AT TIME ZONE 'UTC')::date, count(*)
  FROM new_rows n
  JOIN campaign_recipients r ON r.organization_id = n.organization_id AND r.phone = n.phone
   AND r.accepted_at IS NOT NULL AND r.accepted_at >= n.opted_out_at - interval '7 days'
   AND r.accepted_at <= n.opted_out_at
  WHERE n.source = 'keyword'
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (campaign_id, day) DO UPDATE SET opt_outs = d.opt_outs + excluded.opt_outs;
  RETURN NULL;
END
$$;

CREATE TRIGGER contact_opt_outs_campaign_days AFTER INSERT ON "contact_opt_outs"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_daily_opt_outs();

-- Link rows go with their campaign (deleted as a DRAFT or SCHEDULED one, or with its organization):
-- one statement per campaign instead of a foreign key checked on every link written.
CREATE FUNCTION sg_campaign_links_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_links WHERE campaign_id = OLD.id;
  DELETE FROM campaign_link_clickers WHERE campaign_id = OLD.id;
  DELETE FROM campaign_daily_stats WHERE campaign_id = OLD.id;
  RETURN OLD;
END
$$;

CREATE TRIGGER campaigns_delete_links AFTER DELETE ON "campaigns"
  FOR EACH ROW EXECUTE FUNCTION sg_campaign_links_delete();
