import { apiRoute } from "@/server/http/api-route";
import { getDb } from "@/server/db/client";
import { cancelScheduledMessageOrThrow } from "@/server/scheduling/cancel-scheduled";

export const POST = apiRoute({ auth: "apiKey", scope: "sms.send", rateLimit: "sms.send" }, ({ auth, params }) =>
  cancelScheduledMessageOrThrow(getDb(), auth.organizationId, params.messageId ?? "", {
    environment: auth.environment,
  }),
);
