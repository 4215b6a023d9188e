import { getDb } from "@/server/db/client";
import { apiRoute } from "@/server/http/api-route";
import { redeliver } from "@/server/webhooks/deliveries/redeliver";

export const POST = apiRoute(
  { auth: "jwt", allow: "webhooks.redeliver", rateLimit: "webhooks", status: 202 },
  ({ auth, params, actor }) => redeliver(getDb(), auth.organizationId, params.id!, params.deliveryId!, actor),
);
