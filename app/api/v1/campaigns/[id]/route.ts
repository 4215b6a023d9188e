import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { campaignScopeOf } from "@/server/campaigns/caller";
import { getCampaignView } from "@/server/campaigns/get-campaign-or-throw";
import { deleteCampaign, updateCampaign } from "@/server/campaigns/save-campaign";
import { updateCampaignInput } from "@/schemas/campaigns";

export const GET = apiRoute({ auth: "any", scope: "campaigns.manage", allow: "campaigns.read" }, ({ auth, params }) =>
  getCampaignView(getDb(), campaignScopeOf(auth), params.id!),
);

export const PATCH = apiRoute(
  { auth: "any", scope: "campaigns.manage", allow: "campaigns.manage", body: updateCampaignInput },
  ({ auth, params, body, actor }) => updateCampaign(getDb(), campaignScopeOf(auth), params.id!, body, actor),
);

export const DELETE = apiRoute(
  { auth: "any", scope: "campaigns.manage", allow: "campaigns.manage" },
  async ({ auth, params, actor }) => {
    await deleteCampaign(getDb(), campaignScopeOf(auth), params.id!, actor);
  },
);
