import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { listDeliveries } from "@/server/webhooks/deliveries/list-deliveries";
import { getWebhookOrThrow } from "@/server/webhooks/get-webhook-or-throw";
import { deliveriesQuery, deliverySchema } from "@/schemas/webhooks";

// contract §6: newest first, an array of deliveries, the next page's cursor in X-Next-Cursor.
export const GET = apiRoute(
  { auth: "jwt", allow: "webhooks.read", rateLimit: "webhooks", query: deliveriesQuery },
  async ({ auth, params, query }) => {
    const db = getDb();
    await getWebhookOrThrow(db, auth.organizationId, params.id!);
    const page = await listDeliveries(db, auth.organizationId, { ...query, webhookId: params.id! });
    return jsonResponse(
      page.items.map((d) => deliverySchema.parse(d)),
      { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} },
    );
  },
);
