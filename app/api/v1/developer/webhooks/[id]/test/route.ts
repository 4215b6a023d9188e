import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { testWebhook } from "@/server/webhooks/test-webhook";

export const POST = apiRoute({ auth: "jwt", allow: "webhooks.manage", rateLimit: "webhooks" }, ({ auth, params }) =>
  testWebhook(getDb(), auth.organizationId, params.id!),
);
