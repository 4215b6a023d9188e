import type { Db, DbOrTx } from "../../db/client";
import type { AuditActor } from "../../audit/actor";
import { recordAudit } from "../../audit/record-audit";
import { diffChanges } from "../../audit/changes";
import { AppError } from "../../errors";
import { nudgeWebhookWorker } from "./worker";

/** The audit entry of a redelivery or resend (support may do it: contract §3 as issue 39 decided). */
export function recordRedelivery(
  tx: DbOrTx,
  organizationId: string,
  actor: AuditActor,
  delivery: { id: string; webhookId: string; eventId: string; event: string },
  now: Date,
): Promise<void> {
  return recordAudit(
    tx,
    organizationId,
    actor,
    {
      action: "webhookDelivery.redelivered",
      resourceType: "webhookDelivery",
      resourceId: delivery.id,
      changes: diffChanges("webhookDelivery", null, delivery),
    },
    now,
  );
}

/**
 * contract §6 redeliver: a new attempt now, with the same event id and body. The delivery goes
 * back to the queue under a new round (so a retry job still sleeping for it stops) and the worker
 * takes it at once; it is one attempt, not a new schedule. Not while an attempt is in flight.
 * Audited in the same transaction.
 */
export async function redeliver(
  db: Db,
  organizationId: string,
  webhookId: string,
  deliveryId: string,
  actor: AuditActor,
  now = new Date(),
): Promise<{ id: string; status: "PENDING" }> {
  const delivery = await db.webhookDelivery.findFirst({
    where: { id: deliveryId, webhookId, organizationId },
    select: { id: true, webhookId: true, eventId: true, event: true, webhook: { select: { isActive: true } } },
  });
  if (!delivery) throw new AppError("not_found", `No delivery with id ${deliveryId}.`);
  // A disabled webhook's queue is never claimed: accepting would leave the delivery waiting.
  if (!delivery.webhook.isActive) throw new AppError("webhook_disabled");
  await db.$transaction(async (tx) => {
    const { count } = await tx.webhookDelivery.updateMany({
      where: { id: deliveryId, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
      data: { status: "PENDING", nextAttemptAt: now, lockedUntil: null, round: { increment: 1 }, updatedAt: now },
    });
    if (count === 0) throw new AppError("delivery_in_progress");
    const { webhook: _webhook, ...facts } = delivery;
    await recordRedelivery(tx, organizationId, actor, facts, now);
  });
  nudgeWebhookWorker();
  return { id: deliveryId, status: "PENDING" };
}
