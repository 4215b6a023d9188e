import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { listRequestLogs } from "@/server/request-logs/list";
import { requestLogsQuery } from "@/schemas/request-logs";

// Newest first, an array of entries, the next page's cursor in X-Next-Cursor (like the audit log).
export const GET = apiRoute(
  { auth: "jwt", allow: "requestLogs.read", rateLimit: "messages.read", query: requestLogsQuery },
  async ({ auth, query }) => {
    const page = await listRequestLogs(getDb(), auth.organizationId, query);
    return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
  },
);
