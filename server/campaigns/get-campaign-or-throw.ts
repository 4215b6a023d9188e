import type { DbOrTx } from "../db/client";
import type { Campaign } from "../db/generated/client";
import { AppError } from "../errors";
import type { CampaignView } from "@/schemas/campaigns";
import { clickCountsOf, readStatsRows } from "./stats/read-stats";
import { toCampaignView } from "./to-view";

/**
 * Which campaigns a caller sees: an API key its own environment's, the dashboard (environment
 * undefined) both (contract §11).
 */
export interface CampaignScope {
  organizationId: string;
  environment?: "live" | "test";
}

/** A campaign of this organization (and environment), or 404: another tenant's id answers like a missing one. */
export async function getCampaignOrThrow(db: DbOrTx, scope: CampaignScope, campaignId: string): Promise<Campaign> {
  const row = await db.campaign.findFirst({
    where: {
      id: campaignId,
      organizationId: scope.organizationId,
      ...(scope.environment ? { environment: scope.environment } : {}),
    },
  });
  if (!row) throw new AppError("not_found", `No campaign with id ${campaignId}.`);
  return row;
}

/** The campaign as the API shows it, with its stats. */
export async function getCampaignView(db: DbOrTx, scope: CampaignScope, campaignId: string): Promise<CampaignView> {
  const row = await getCampaignOrThrow(db, scope, campaignId);
  return viewOf(db, row);
}

export async function viewOf(db: DbOrTx, row: Campaign): Promise<CampaignView> {
  const stats = await readStatsRows(db, row.organizationId, row.id);
  const clicks = await clickCountsOf(db, row.organizationId, [row.id]);
  return toCampaignView(row, stats, clicks.get(row.id));
}
