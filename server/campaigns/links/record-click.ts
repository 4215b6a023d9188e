import { ipSubjectKey, LOGIN_THROTTLE, subject } from "../../auth/login-throttle";
import { runSql } from "../../db/sql";
import { newIdAt } from "../../ids";

/** Requests to /l/ one client IP (IPv6: its /64) may make in a minute (issue 38). */
export const LINK_REQUESTS_PER_IP_PER_MINUTE = 300;
/** A repeat click from one client on one link within this window is redirected but not counted. */
export const REPEAT_CLICK_WINDOW_SECONDS = 600;

/** Who clicks: the address serve.mjs saw (null when unknown) and the browser. */
export interface LinkClient {
  ip: string | null;
  userAgent: string | null | undefined;
}

// The counters of both limits are the credential limits' sliding windows (sg_auth_attempt_take,
// one-minute buckets, subjects stored hashed): shared by every instance, cleaned up with them.
const ipSubjects = (client: LinkClient) =>
  client.ip ? [subject("link-ip", ipSubjectKey(client.ip))] : ([] as string[]);
const clickSubject = (code: string, client: LinkClient) =>
  subject("link-click", `${code}\n${client.ip ? ipSubjectKey(client.ip) : ""}\n${client.userAgent ?? ""}`);

// The code is all a request names: its organization comes from the codes' lookup (a code is unique
// across organizations there), and the link is then read and counted through its key.
const LINK_KEY = `organization_id = (SELECT organization_id FROM campaign_link_codes WHERE code = $1) AND code = $1`;

// A URL that may go in a Location header as it is: printable ASCII (links are stored so; a row
// written before that is redirected after normalizing, and never counted: its answer could fail).
const SAFE_URL = `'^[!-~]+$'`;

/**
 * A click, in one statement and so one transaction (contract §11): the client IP's limit first
 * (refused: nothing else happens), then, for a link that exists and has not expired, whether this
 * client clicked it within REPEAT_CLICK_WINDOW_SECONDS; a first click counts: the link's own count,
 * the recipient's first click (a unique click is the row that insert creates), the campaign's count
 * for the UTC day, and the `link.clicked` event in the outbox. One round trip to the database;
 * clicks on one link queue on its row, the day's counts are upserted. A test send's link (no
 * contact: it belongs to no recipient) counts on its own row only, so test clicks never reach the
 * campaign's stats, charts or webhooks.
 */
const CLICK_SQL = `
WITH ip AS (
  SELECT allowed, retry_after_ms FROM sg_auth_attempt_take($5::text[], $6::int[], $7, 60, $9)
), target AS (
  SELECT url FROM campaign_links
  WHERE ${LINK_KEY} AND (SELECT allowed FROM ip) AND (expires_at IS NULL OR expires_at > $2::timestamptz)
), fresh AS (
  SELECT allowed FROM sg_auth_attempt_take(ARRAY[$8::text], ARRAY[1], $7, ${REPEAT_CLICK_WINDOW_SECONDS}, $9)
  WHERE EXISTS (SELECT 1 FROM target)
), link AS (
  UPDATE campaign_links
  SET clicks = clicks + 1, first_clicked_at = coalesce(first_clicked_at, $2::timestamptz)
  WHERE ${LINK_KEY} AND (SELECT allowed FROM fresh) AND url ~ ${SAFE_URL}
  RETURNING organization_id, campaign_id, contact_id, message_id, phone, url
), recipient_link AS (
  SELECT * FROM link WHERE contact_id IS NOT NULL
), clicker AS (
  INSERT INTO campaign_link_clickers (organization_id, campaign_id, contact_id, first_clicked_at)
  SELECT organization_id, campaign_id, contact_id, $2::timestamptz FROM recipient_link
  ON CONFLICT (organization_id, campaign_id, contact_id) DO NOTHING
  RETURNING campaign_id
), day AS (
  INSERT INTO campaign_daily_stats AS d (organization_id, campaign_id, day, clicks, unique_clicks)
  SELECT organization_id, campaign_id, ($2::timestamptz AT TIME ZONE 'UTC')::date, 1, (SELECT count(*) FROM clicker)
  FROM recipient_link
  ON CONFLICT (organization_id, campaign_id, day) DO UPDATE
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
SELECT (SELECT allowed FROM ip) AS allowed, (SELECT retry_after_ms FROM ip) AS retry_after_ms,
       (SELECT url FROM target) AS url, (SELECT count(*) FROM link)::int AS counted,
       (SELECT count(*) FROM clicker)::int AS "unique", (SELECT count(*) FROM day)::int AS days,
       (SELECT count(*) FROM event)::int AS events`;

// HEAD and link previews: the IP's limit, then where the code leads; nothing counted.
const LOOKUP_SQL = `
WITH ip AS (
  SELECT allowed, retry_after_ms FROM sg_auth_attempt_take($3::text[], $4::int[], $5, 60, $6)
)
SELECT (SELECT allowed FROM ip) AS allowed, (SELECT retry_after_ms FROM ip) AS retry_after_ms,
       (SELECT url FROM campaign_links
        WHERE ${LINK_KEY} AND (SELECT allowed FROM ip) AND (expires_at IS NULL OR expires_at > $2::timestamptz)) AS url`;

export type LinkAnswer =
  /** The client's IP is over its limit: nothing was read or counted. */
  | { limited: true; retryAfterSeconds: number }
  /** Where the code leads (null: unknown or expired); `counted` when this was a counted click. */
  | { limited: false; url: string | null; counted: boolean; unique: boolean };

interface Row extends Record<string, unknown> {
  allowed: boolean;
  retry_after_ms: string | number | bigint | null;
  url: string | null;
  counted?: number;
  unique?: number;
}

function answerOf(row: Row | undefined): LinkAnswer {
  if (row && !row.allowed) {
    return { limited: true, retryAfterSeconds: Math.max(1, Math.ceil(Number(row.retry_after_ms ?? 1000) / 1000)) };
  }
  return { limited: false, url: row?.url ?? null, counted: (row?.counted ?? 0) > 0, unique: (row?.unique ?? 0) > 0 };
}

const limits = (client: LinkClient) => {
  const subjects = ipSubjects(client);
  return { subjects, limits: subjects.map(() => LINK_REQUESTS_PER_IP_PER_MINUTE) };
};

/** Records a click (unless it repeats this client's recent one) and answers where to go. */
export async function recordLinkClick(code: string, now: Date, client: LinkClient): Promise<LinkAnswer> {
  const ip = limits(client);
  const rows = await runSql<Row>(
    null,
    CLICK_SQL,
    [
      code,
      now.toISOString(),
      newIdAt("evt", now),
      now.toISOString(),
      ip.subjects,
      ip.limits,
      now.getTime(),
      clickSubject(code, client),
      LOGIN_THROTTLE.granularitySeconds,
    ],
    "sg_link_click",
  );
  return answerOf(rows[0]);
}

/** Where a code leads, without counting (HEAD, link previews). */
export async function lookupLink(code: string, now: Date, client: LinkClient): Promise<LinkAnswer> {
  const ip = limits(client);
  const rows = await runSql<Row>(
    null,
    LOOKUP_SQL,
    [code, now.toISOString(), ip.subjects, ip.limits, now.getTime(), LOGIN_THROTTLE.granularitySeconds],
    "sg_link_lookup",
  );
  return answerOf(rows[0]);
}
