import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { listMessageHistory } from "@/server/messages/list-message-history";
import { messageHistoryQuery } from "@/schemas/message-history";

// Newest first, an array of messages, the next page's cursor in X-Next-Cursor (contract §9).
export const GET = apiRoute(
  { auth: "apiKey", scope: "sms.read", rateLimit: "messages.read", query: messageHistoryQuery },
  async ({ auth, query }) => {
    const page = await listMessageHistory(getDb(), auth.organizationId, auth.environment, query);
    return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
  },
);
