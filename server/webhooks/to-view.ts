import type { Webhook } from "../db/generated/client";
import { webhookSchema, type WebhookView } from "@/schemas/webhooks";

/** The webhook object of contract §6: `hasSecret`, never the secret. */
export function toWebhookView(w: Webhook): WebhookView {
  return webhookSchema.parse({
    id: w.id,
    name: w.name,
    url: w.url,
    events: w.events,
    isActive: w.isActive,
    hasSecret: w.secretCiphertext !== null,
    disabledReason: w.disabledReason,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  });
}
