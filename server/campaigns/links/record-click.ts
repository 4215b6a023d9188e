import { runSql } from "../../db/sql";
import { newIdAt } from "../../ids";

/**
 * A click, in one statement and so one transaction (contract §11): the link's own count, the
 * recipient's first click (a unique click is the row that insert creates), the campaign's count for
 * the UTC day, and the `link.clicked` event in the outbox. One round trip to the database; clicks
 * on one link queue on its row, the day's counts are upserted. A test send's link (no contact: it
 * belongs to no recipient) counts on its own row only, so test clicks never reach the campaign's
 * stats, charts or webhooks.
 */
const CLICK_SQL = `
WITH link AS (
  UPDATE campaign_links
  SET clicks = clicks + 1, first_clicked_at = coalesce(first_clicked_at, $2::timestamptz)
  WHERE code = $1
  RETURNING organization_id, campaign_id, contact_id, message_id, phone, url
), recipient_link AS (
  SELECT * FROM link WHERE contact_id IS NOT NULL
), clicker AS (
  INSERT INTO campaign_link_clickers (campaign_id, contact_id, first_clicked_at)
  SELECT campaign_id, contact_id, $2::timestamptz FROM recipient_link
  ON CONFLICT (campaign_id, contact_id) DO NOTHING
  RETURNING campaign_id
), day AS (
  INSERT INTO campaign_daily_stats AS d (campaign_id, day, clicks, unique_clicks)
  SELECT campaign_id, ($2::timestamptz AT TIME ZONE 'UTC')::date, 1, (SELECT count(*) FROM clicker) FROM recipient_link
  ON CONFLICT (campaign_id, day) DO UPDATE
  SET clicks = d.clicks + 1, unique_clicks = d.unique_clicks + excluded.unique_clicks
  RETURNING 1
), event AS (
  INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
  SELECT $3, organization_id, 'link.clicked',
         jsonb_build_object('campaignId', campaign_id, 'messageId', message_id, 'phone', phone, 'url', url, 'at', $4::text),
         $2::timestamptz
  FROM recipient_link
  RETURNING 1
)
SELECT url, (SELECT count(*) FROM clicker)::int AS "unique", (SELECT count(*) FROM day)::int AS days,
       (SELECT count(*) FROM event)::int AS events
FROM link`;

const LOOKUP_SQL = `SELECT url FROM campaign_links WHERE code = $1`;

export interface ClickResult {
  url: string;
  /** This was the recipient's first click on any of the campaign's links. */
  unique: boolean;
}

/** Records a click and answers where to go; null for an unknown code (nothing written). */
export async function recordLinkClick(code: string, now: Date): Promise<ClickResult | null> {
  const rows = await runSql<{ url: string; unique: number }>(
    null,
    CLICK_SQL,
    [code, now.toISOString(), newIdAt("evt", now), now.toISOString()],
    "sg_link_click",
  );
  const row = rows[0];
  return row ? { url: row.url, unique: row.unique > 0 } : null;
}

/** Where a code leads, without counting (HEAD, link previews). */
export async function lookupLink(code: string): Promise<string | null> {
  const rows = await runSql<{ url: string }>(null, LOOKUP_SQL, [code], "sg_link_lookup");
  return rows[0]?.url ?? null;
}
