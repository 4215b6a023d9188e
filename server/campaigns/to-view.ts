import type { Campaign, CampaignStats as StatsRow } from "../db/generated/client";
import { campaignSchema, type CampaignView } from "@/schemas/campaigns";
import { formatMoney } from "@/schemas/money";
import { toStatsView, type ClickCounts } from "./stats/read-stats";

/** The contract's campaign shape (contract §11), parsed so nothing internal leaks. */
export function toCampaignView(row: Campaign, stats: readonly StatsRow[], clicks?: ClickCounts): CampaignView {
  return campaignSchema.parse({
    id: row.id,
    name: row.name,
    environment: row.environment,
    status: row.status,
    pausedReason: row.pausedReason,
    errorReference: row.errorReference,
    audience: { tags: row.audienceTags, excludeTags: row.excludeTags },
    from: row.from,
    template: row.template,
    appendOptOutText: row.appendOptOutText,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    sendWindow:
      row.sendWindowStart && row.sendWindowEnd ? { start: row.sendWindowStart, end: row.sendWindowEnd } : null,
    throttlePerMinute: row.throttlePerMinute,
    validityPeriod: row.validityPeriod,
    frequencyCapHours: row.frequencyCapHours,
    linkTracking: row.linkTracking,
    estimate: {
      recipients: row.estimateRecipients,
      segments: Number(row.estimateSegments),
      price: formatMoney(Number(row.estimatePriceUnits)),
    },
    stats: toStatsView(stats, clicks),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    launchedAt: row.launchedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
  });
}
