import type { DbOrTx } from "../../db/client";
import type { Prisma } from "../../db/generated/client";
import { deliveryLogQuery, type DeliveryLogQuery, type DeliveryView } from "@/schemas/webhooks";
import { decodeCursor, encodeCursor } from "../../pagination/cursor";
import { toDeliveryView } from "./to-view";

export interface DeliveryPage {
  items: (DeliveryView & { webhookId: string; webhookName: string })[];
  nextCursor: string | null;
}

/**
 * Delivery log, newest first, cursor-paged on the time-sortable id. One webhook's (REST
 * `/webhooks/:id/deliveries`) or the whole organization's (support's Delivery logs page).
 */
export async function listDeliveries(
  db: DbOrTx,
  organizationId: string,
  query: DeliveryLogQuery,
): Promise<DeliveryPage> {
  const q = deliveryLogQuery.parse(query);
  const after = decodeCursor("webhook.deliveries", organizationId, q.cursor);
  const where: Prisma.WebhookDeliveryWhereInput = {
    organizationId,
    ...(q.webhookId ? { webhookId: q.webhookId } : {}),
    ...(q.status ? { status: q.status } : {}),
    ...(q.event ? { event: q.event } : {}),
    // Served by the (organization_id, message_id, id) index.
    ...(q.messageId ? { messageId: q.messageId } : {}),
    ...(q.from || q.until
      ? { createdAt: { ...(q.from ? { gte: q.from } : {}), ...(q.until ? { lt: q.until } : {}) } }
      : {}),
    ...(after ? { id: { lt: after } } : {}),
  };
  const rows = await db.webhookDelivery.findMany({
    where,
    orderBy: { id: "desc" },
    take: q.limit + 1,
    include: { attempts: true, webhook: { select: { name: true } } },
  });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((d) => ({ ...toDeliveryView(d), webhookId: d.webhookId, webhookName: d.webhook.name })),
    nextCursor: rows.length > q.limit ? encodeCursor("webhook.deliveries", organizationId, page.at(-1)!.id) : null,
  };
}
