import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { campaignScopeOf } from "@/server/campaigns/caller";
import { listRecipients } from "@/server/campaigns/list-recipients";
import { listRecipientsQuery } from "@/schemas/campaigns";

export const GET = apiRoute(
  { auth: "any", scope: "campaigns.manage", allow: "campaigns.read", query: listRecipientsQuery },
  async ({ auth, params, query }) => {
    const page = await listRecipients(getDb(), campaignScopeOf(auth), params.id!, query);
    return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
  },
);
