import type { DbOrTx } from "../db/client";
import type { DeliveryListItem } from "@/schemas/webhook-views";
import { toDeliveryView } from "../webhooks/deliveries/to-view";

/**
 * The deliveries of one event, one per webhook that received it (dashboard Events page). Read
 * through the (organization_id, webhook_id, event_id) unique index, one probe per webhook of the organization (at
 * most 50), never a scan of the organization's delivery log.
 */
export async function listEventDeliveries(
  db: DbOrTx,
  organizationId: string,
  eventId: string,
): Promise<DeliveryListItem[]> {
  const webhooks = await db.webhook.findMany({ where: { organizationId }, select: { id: true } });
  if (webhooks.length === 0) return [];
  const rows = await db.webhookDelivery.findMany({
    where: { organizationId, eventId, webhookId: { in: webhooks.map((w) => w.id) } },
    orderBy: { id: "asc" },
    include: { attempts: true, webhook: { select: { name: true } } },
  });
  return rows.map((d) => ({ ...toDeliveryView(d), webhookId: d.webhookId, webhookName: d.webhook.name }));
}
