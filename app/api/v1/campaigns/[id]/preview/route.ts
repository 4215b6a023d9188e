import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { campaignScopeOf } from "@/server/campaigns/caller";
import { previewCampaign } from "@/server/campaigns/preview-campaign";
import { previewCampaignInput } from "@/schemas/campaigns";

export const POST = apiRoute(
  { auth: "any", scope: "campaigns.manage", allow: "campaigns.read", body: previewCampaignInput },
  ({ auth, params, body }) => previewCampaign(getDb(), campaignScopeOf(auth), params.id!, body),
);
