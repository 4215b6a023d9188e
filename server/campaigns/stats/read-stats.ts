import type { DbOrTx } from "../../db/client";
import type { CampaignStats as StatsRow } from "../../db/generated/client";
import { formatMoney } from "@/schemas/money";
import { readClickTotals } from "../links/click-stats";
import type { CampaignStats } from "@/schemas/campaigns";

/** Clicks come from the link-tracking aggregate (server/campaigns/links/), keyed by campaign id. */
export interface ClickCounts {
  clicks: number;
  uniqueClicks: number;
}

const NO_CLICKS: ClickCounts = { clicks: 0, uniqueClicks: 0 };

type Counter = Exclude<keyof StatsRow, "organizationId" | "campaignId" | "stripe">;

/** The campaign's stripes (migration 20261128010000) added up, column by column. */
function sumStripes(rows: readonly StatsRow[]): (k: Counter) => number {
  return (k) => Number(rows.reduce((total, row) => total + row[k], 0n));
}

/**
 * The contract's `stats` from the aggregate's rows: a campaign's counts are spread over up to 16
 * stripes (the triggers of migrations 20261127010000 and 20261128010000 keep them), summed here.
 */
export function toStatsView(rows: readonly StatsRow[], clicks: ClickCounts = NO_CLICKS): CampaignStats {
  const n = sumStripes(rows);
  return {
    recipients: n("recipients"),
    pending: n("pending"),
    queued: n("queued"),
    sent: n("sent"),
    delivered: n("delivered"),
    undelivered: n("undelivered"),
    failed: n("failed"),
    canceled: n("canceled"),
    skipped: {
      opted_out: n("skippedOptedOut"),
      country_not_allowed: n("skippedCountryNotAllowed"),
      frequency_cap: n("skippedFrequencyCap"),
      invalid_template: n("skippedInvalidTemplate"),
      contact_deleted: n("skippedContactDeleted"),
    },
    clicks: clicks.clicks,
    uniqueClicks: clicks.uniqueClicks,
    optOuts: n("optOuts"),
    spend: formatMoney(Math.max(0, n("spendUnits"))),
  };
}

/** The stripes of one campaign's stats. */
export function readStatsRows(db: DbOrTx, organizationId: string, campaignId: string): Promise<StatsRow[]> {
  return db.campaignStats.findMany({ where: { organizationId, campaignId } });
}

/** Click counts of these campaigns, from the link-tracking aggregate (server/campaigns/links/). */
export async function clickCountsOf(
  db: DbOrTx,
  organizationId: string,
  campaignIds: readonly string[],
): Promise<Map<string, ClickCounts>> {
  return readClickTotals(db, organizationId, campaignIds);
}
