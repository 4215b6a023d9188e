import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { campaignScopeOf } from "@/server/campaigns/caller";
import { resumeCampaign } from "@/server/campaigns/launch-campaign";

export const POST = apiRoute(
  { auth: "any", scope: "campaigns.manage", allow: "campaigns.manage" },
  ({ auth, params, actor }) => resumeCampaign(getDb(), campaignScopeOf(auth), params.id!, actor),
);
