import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { getBatchSummaryOrThrow } from "@/server/messages/get-batch-summary-or-throw";

export const GET = apiRoute({ auth: "apiKey", scope: "sms.read", rateLimit: "messages.read" }, ({ auth, params }) =>
  getBatchSummaryOrThrow(getDb(), auth.organizationId, auth.environment, params.batchId ?? ""),
);
