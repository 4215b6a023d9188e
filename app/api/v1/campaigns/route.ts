import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { campaignCreatorOf, campaignScopeOf } from "@/server/campaigns/caller";
import { createCampaign } from "@/server/campaigns/save-campaign";
import { listCampaigns } from "@/server/campaigns/list-campaigns";
import { createCampaignInput, listCampaignsQuery } from "@/schemas/campaigns";

// contract §11: an API key with campaigns.manage (its environment's campaigns), or a member's JWT
// (owner, admin and developer manage, support reads; both environments).
export const GET = apiRoute(
  { auth: "any", scope: "campaigns.manage", allow: "campaigns.read", query: listCampaignsQuery },
  async ({ auth, query }) => {
    const page = await listCampaigns(getDb(), campaignScopeOf(auth), query);
    return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
  },
);

export const POST = apiRoute(
  { auth: "any", scope: "campaigns.manage", allow: "campaigns.manage", body: createCampaignInput, status: 201 },
  ({ auth, body, actor }) => createCampaign(getDb(), campaignCreatorOf(auth), body, actor),
);
