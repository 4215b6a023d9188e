import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { cancelScheduledBatchOrThrow } from "@/server/scheduling/cancel-scheduled";

export const POST = apiRoute({ auth: "apiKey", scope: "sms.send", rateLimit: "sms.send" }, ({ auth, params }) =>
  cancelScheduledBatchOrThrow(getDb(), auth.organizationId, params.batchId ?? "", {
    environment: auth.environment,
  }),
);
