import type { DbOrTx } from "../db/client";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import {
  CAMPAIGN_PAGE_SIZE,
  MAX_CAMPAIGN_PAGE_SIZE,
  type CampaignPage,
  type ListCampaignsQuery,
} from "@/schemas/campaigns";
import type { CampaignScope } from "./get-campaign-or-throw";
import { clickCountsOf } from "./stats/read-stats";
import { toCampaignView } from "./to-view";

/**
 * GET /campaigns (contract §11): newest first (ids are time-ordered), paged by the
 * (organization_id, id) index; an API key sees its environment's campaigns, the dashboard both.
 */
export async function listCampaigns(
  db: DbOrTx,
  scope: CampaignScope,
  query: Partial<ListCampaignsQuery> = {},
): Promise<CampaignPage> {
  const limit = Math.min(Math.max(query.limit ?? CAMPAIGN_PAGE_SIZE, 1), MAX_CAMPAIGN_PAGE_SIZE);
  const after = decodeCursor("campaigns", scope.organizationId, query.cursor);
  const rows = await db.campaign.findMany({
    where: {
      organizationId: scope.organizationId,
      ...(scope.environment ? { environment: scope.environment } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(after ? { id: { lt: after } } : {}),
    },
    orderBy: { id: "desc" },
    take: limit + 1,
    include: { stats: true },
  });
  const page = rows.slice(0, limit);
  const clicks = await clickCountsOf(
    db,
    scope.organizationId,
    page.map((r) => r.id),
  );
  return {
    items: page.map((r) => toCampaignView(r, r.stats, clicks.get(r.id))),
    nextCursor: rows.length > limit ? encodeCursor("campaigns", scope.organizationId, page.at(-1)!.id) : null,
  };
}
