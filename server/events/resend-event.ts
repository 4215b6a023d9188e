import type { Db } from "../db/client";
import type { AuditActor } from "../audit/actor";
import { AppError } from "../errors";
import { newId } from "../ids";
import { getWebhookOrThrow } from "../webhooks/get-webhook-or-throw";
import { recordRedelivery, redeliver } from "../webhooks/deliveries/redeliver";
import { nudgeWebhookWorker } from "../webhooks/deliveries/worker";
import { getEventOrThrow } from "./get-event-or-throw";

/**
 * `signalgate events resend ID --webhook ID`: send an event of the last 30 days to one webhook
 * now. When the webhook already has a delivery of it, that delivery gets a new attempt (same id,
 * same signed bytes); otherwise a delivery is created, as the relay would have made it, whether or
 * not the webhook subscribes to the type (resending is asking for it explicitly). Audited as a
 * redelivery.
 */
export async function resendEvent(
  db: Db,
  organizationId: string,
  eventId: string,
  webhookId: string,
  actor: AuditActor,
  now = new Date(),
): Promise<{ deliveryId: string; status: "PENDING" }> {
  const envelope = await getEventOrThrow(db, organizationId, eventId, now);
  const webhook = await getWebhookOrThrow(db, organizationId, webhookId);
  if (!webhook.isActive) throw new AppError("webhook_disabled");
  const existing = await db.webhookDelivery.findUnique({
    where: { organizationId_webhookId_eventId: { organizationId, webhookId, eventId } },
    select: { id: true },
  });
  if (existing) {
    const { id } = await redeliver(db, organizationId, webhookId, existing.id, actor, now);
    return { deliveryId: id, status: "PENDING" };
  }
  const id = newId("dlv");
  await db.$transaction(async (tx) => {
    await tx.webhookDelivery.create({
      data: {
        id,
        organizationId,
        webhookId,
        eventId,
        event: envelope.event,
        body: JSON.stringify(envelope),
        status: "PENDING",
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordRedelivery(tx, organizationId, actor, { id, webhookId, eventId, event: envelope.event }, now);
  });
  nudgeWebhookWorker();
  return { deliveryId: id, status: "PENDING" };
}
