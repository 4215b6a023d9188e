import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { nudgeWebhookWorker } from "./worker";

/**
 * contract §6 redeliver: a new attempt now, with the same event id and body. The delivery goes
 * back to the queue under a new round (so a retry job still sleeping for it stops) and the worker
 * takes it at once; it is one attempt, not a new schedule. Not while an attempt is in flight.
 */
export async function redeliver(
  db: Db,
  organizationId: string,
  webhookId: string,
  deliveryId: string,
  now = new Date(),
): Promise<{ id: string; status: "PENDING" }> {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId, organizationId },
    include: { webhook: { select: { isActive: true } } },
  });
  if (!delivery) throw new AppError("not_found", `No delivery with id ${deliveryId}.`);
  // A disabled webhook's queue is never claimed: accepting would leave the delivery waiting.
  if (!delivery.webhook.isActive) throw new AppError("webhook_disabled");
  const { count } = await db.webhookDelivery.updateMany({
    where: { id: deliveryId, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
    data: { status: "PENDING", nextAttemptAt: now, lockedUntil: null, round: { increment: 1 }, updatedAt: now },
  });
  if (count === 0) {
    throw new AppError("delivery_in_progress");
  }
  nudgeWebhookWorker();
  return { id: deliveryId, status: "PENDING" };
}
