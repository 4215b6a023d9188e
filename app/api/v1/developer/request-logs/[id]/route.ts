import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getRequestLog } from "@/server/request-logs/list";

export const GET = apiRoute(
  { auth: "jwt", allow: "requestLogs.read", rateLimit: "messages.read" },
  ({ auth, params }) => getRequestLog(getDb(), auth.organizationId, params.id!),
);
