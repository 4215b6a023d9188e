import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { createWebhook } from "@/server/webhooks/create-webhook";
import { listWebhooks } from "@/server/webhooks/list-webhooks";
import { createWebhookInput } from "@/schemas/webhooks";

export const GET = apiRoute({ auth: "jwt", allow: "webhooks.read", rateLimit: "webhooks" }, ({ auth }) =>
  listWebhooks(getDb(), auth.organizationId),
);

export const POST = apiRoute(
  { auth: "jwt", allow: "webhooks.manage", rateLimit: "webhooks", body: createWebhookInput, status: 201 },
  ({ auth, body, actor }) => createWebhook(getDb(), auth.organizationId, body, actor),
);
