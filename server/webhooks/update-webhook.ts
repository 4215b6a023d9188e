import type { Db } from "../db/client";
import { updateWebhookInput, type UpdateWebhookInput, type WebhookView } from "@/schemas/webhooks";
import { assertWebhookUrlAllowed } from "./check-url";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { sealSecret } from "./secret-box";
import { toWebhookView } from "./to-view";

/**
 * PATCH (contract §6). Disabling stops pending retries (the retry job checks the webhook before
 * each attempt, and queued first attempts are skipped by the delivery worker); re-enabling clears
 * the reason the service disabled it for.
 */
export async function updateWebhook(
  db: Db,
  organizationId: string,
  webhookId: string,
  input: UpdateWebhookInput,
  now = new Date(),
): Promise<WebhookView> {
  const patch = updateWebhookInput.parse(input);
  await getWebhookOrThrow(db, organizationId, webhookId);
  const url = patch.url === undefined ? undefined : await assertWebhookUrlAllowed(patch.url);
  const row = await db.webhook.update({
    where: { id: webhookId },
    data: {
      name: patch.name,
      url,
      events: patch.events,
      ...(patch.secret === undefined
        ? {}
        : { secretCiphertext: patch.secret === null ? null : sealSecret(patch.secret) }),
      ...(patch.isActive === undefined ? {} : { isActive: patch.isActive, disabledReason: null }),
      updatedAt: now,
    },
  });
  return toWebhookView(row);
}

/** DELETE: the webhook, its deliveries and their attempts go; its retry jobs find nothing and stop. */
export async function deleteWebhook(db: Db, organizationId: string, webhookId: string): Promise<void> {
  await getWebhookOrThrow(db, organizationId, webhookId);
  await db.webhook.delete({ where: { id: webhookId } });
}
