import type { DbOrTx } from "../../db/client";
import { AppError } from "../../errors";
import { deliveryDetailSchema, type DeliveryDetail } from "@/schemas/webhooks";
import { toAttemptView, toDeliveryView } from "./to-view";

/** One delivery of this organization with its payload and response snippets, or 404. */
export async function getDeliveryOrThrow(
  db: DbOrTx,
  organizationId: string,
  deliveryId: string,
  webhookId?: string,
): Promise<DeliveryDetail> {
  const d = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, organizationId, ...(webhookId ? { webhookId } : {}) },
    include: { attempts: true, webhook: { select: { name: true, url: true } } },
  });
  if (!d) throw new AppError("not_found", `No delivery with id ${deliveryId}.`);
  let payload: unknown = d.body;
  try {
    payload = JSON.parse(d.body);
  } catch {
    // Shown as the raw text it was sent as.
  }
  return deliveryDetailSchema.parse({
    ...toDeliveryView(d),
    webhookId: d.webhookId,
    webhookName: d.webhook.name,
    webhookUrl: d.webhook.url,
    payload,
    body: d.body,
    attempts: [...d.attempts]
      .sort((a, b) => a.attempt - b.attempt)
      .map((a) => ({ ...toAttemptView(a), responseBody: a.responseBody })),
    updatedAt: d.updatedAt.toISOString(),
  });
}
