import type { WebhookAttempt, WebhookDelivery } from "../../db/generated/client";
import { deliverySchema, type DeliveryView } from "@/schemas/webhooks";

export type DeliveryWithAttempts = WebhookDelivery & { attempts: WebhookAttempt[] };

export function toAttemptView(a: WebhookAttempt) {
  return {
    attempt: a.attempt,
    statusCode: a.statusCode,
    responseTimeMs: a.responseTimeMs,
    error: a.error,
    at: a.createdAt.toISOString(),
  };
}

/** The delivery log entry of contract §6. */
export function toDeliveryView(d: DeliveryWithAttempts): DeliveryView {
  return deliverySchema.parse({
    id: d.id,
    eventId: d.eventId,
    event: d.event,
    status: d.status,
    attempts: [...d.attempts].sort((a, b) => a.attempt - b.attempt).map(toAttemptView),
    nextAttemptAt: d.status === "PENDING" || d.status === "RETRYING" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    createdAt: d.createdAt.toISOString(),
  });
}
