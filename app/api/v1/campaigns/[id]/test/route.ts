import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { apiKeyIdOf, campaignScopeOf } from "@/server/campaigns/caller";
import { testSendCampaign } from "@/server/campaigns/preview-campaign";
import { testCampaignInput } from "@/schemas/campaigns";

export const POST = apiRoute(
  {
    auth: "any",
    scope: "campaigns.manage",
    allow: "campaigns.manage",
    rateLimit: "sms.send",
    body: testCampaignInput,
    status: 202,
  },
  ({ auth, params, body }) => testSendCampaign(getDb(), campaignScopeOf(auth), params.id!, body, apiKeyIdOf(auth)),
);
