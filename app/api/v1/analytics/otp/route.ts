import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { getOtpAnalytics } from "@/server/analytics/otp-analytics";
import { otpAnalyticsQuery } from "@/schemas/analytics";

export const GET = apiRoute(
  { auth: "apiKey", scope: "analytics.read", rateLimit: "analytics", query: otpAnalyticsQuery },
  ({ auth, query }) => getOtpAnalytics(getDb(), auth.organizationId, auth.environment, query),
);
