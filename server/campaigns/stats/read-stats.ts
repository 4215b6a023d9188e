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

/** The contract's `stats` from the aggregate row (migration 20261127010000's triggers keep it). */
export function toStatsView(row: StatsRow | null, clicks: ClickCounts = NO_CLICKS): CampaignStats {
  const n = (v: bigint | undefined) => Number(v ?? 0n);
  return {
    recipients: n(row?.recipients),
    pending: n(row?.pending),
    queued: n(row?.queued),
    sent: n(row?.sent),
    delivered: n(row?.delivered),
    undelivered: n(row?.undelivered),
    failed: n(row?.failed),
    canceled: n(row?.canceled),
    skipped: {
      opted_out: n(row?.skippedOptedOut),
      country_not_allowed: n(row?.skippedCountryNotAllowed),
      frequency_cap: n(row?.skippedFrequencyCap),
      invalid_template: n(row?.skippedInvalidTemplate),
    },
    clicks: clicks.clicks,
    uniqueClicks: clicks.uniqueClicks,
    optOuts: n(row?.optOuts),
    spend: formatMoney(Math.max(0, n(row?.spendUnits))),
  };
}

/** Click counts of these campaigns, from the link-tracking aggregate (server/campaigns/links/). */
export async function clickCountsOf(db: DbOrTx, campaignIds: readonly string[]): Promise<Map<string, ClickCounts>> {
  return readClickTotals(db, campaignIds);
}
