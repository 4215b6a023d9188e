import type { DbOrTx } from "../../db/client";

export interface ClickDay {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  clicks: number;
  uniqueClicks: number;
  optOuts: number;
}

export interface ClickTotals {
  clicks: number;
  uniqueClicks: number;
}

/**
 * A campaign's clicks and opt-outs per UTC day, oldest first (the "over time" chart): one row per
 * day that had any, read from the aggregate written with each click and STOP.
 */
export async function readCampaignDays(db: DbOrTx, organizationId: string, campaignId: string): Promise<ClickDay[]> {
  const rows = await db.$queryRawUnsafe<{ day: string; clicks: bigint; unique_clicks: bigint; opt_outs: bigint }[]>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, clicks, unique_clicks, opt_outs
     FROM campaign_daily_stats WHERE organization_id = $2 AND campaign_id = $1 ORDER BY day`,
    campaignId,
    organizationId,
  );
  return rows.map((r) => ({
    day: r.day,
    clicks: Number(r.clicks),
    uniqueClicks: Number(r.unique_clicks),
    optOuts: Number(r.opt_outs),
  }));
}

/** `stats.clicks` and `stats.uniqueClicks` (contract §11): sums of the campaign's days. */
export async function readClickTotals(
  db: DbOrTx,
  organizationId: string,
  campaignIds: readonly string[],
): Promise<Map<string, ClickTotals>> {
  const totals = new Map<string, ClickTotals>();
  if (campaignIds.length === 0) return totals;
  const rows = await db.$queryRawUnsafe<{ campaign_id: string; clicks: bigint; unique_clicks: bigint }[]>(
    `SELECT campaign_id, sum(clicks)::bigint AS clicks, sum(unique_clicks)::bigint AS unique_clicks
     FROM campaign_daily_stats WHERE organization_id = $2 AND campaign_id = ANY($1::text[]) GROUP BY campaign_id`,
    campaignIds,
    organizationId,
  );
  for (const r of rows) totals.set(r.campaign_id, { clicks: Number(r.clicks), uniqueClicks: Number(r.unique_clicks) });
  return totals;
}
