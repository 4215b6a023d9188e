import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { getWebhookOrThrow } from "@/server/webhooks/get-webhook-or-throw";
import { toWebhookView } from "@/server/webhooks/to-view";
import { deleteWebhook, updateWebhook } from "@/server/webhooks/update-webhook";
import { updateWebhookInput } from "@/schemas/webhooks";

export const GET = apiRoute({ auth: "jwt", allow: "webhooks.read", rateLimit: "webhooks" }, async ({ auth, params }) =>
  toWebhookView(await getWebhookOrThrow(getDb(), auth.organizationId, params.id!)),
);

export const PATCH = apiRoute(
  { auth: "jwt", allow: "webhooks.manage", rateLimit: "webhooks", body: updateWebhookInput },
  ({ auth, params, body, actor }) => updateWebhook(getDb(), auth.organizationId, params.id!, body, actor),
);

export const DELETE = apiRoute(
  { auth: "jwt", allow: "webhooks.manage", rateLimit: "webhooks" },
  async ({ auth, params, actor }) => {
    await deleteWebhook(getDb(), auth.organizationId, params.id!, actor);
  },
);
