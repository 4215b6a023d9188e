import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { getMessageAnalytics } from "@/server/analytics/message-analytics";
import { messageAnalyticsQuery } from "@/schemas/analytics";

export const GET = apiRoute(
  { auth: "apiKey", scope: "analytics.read", rateLimit: "analytics", query: messageAnalyticsQuery },
  ({ auth, query }) => getMessageAnalytics(getDb(), auth.organizationId, auth.environment, query),
);
