import type { Db } from "../db/client";
import { updateWebhookInput, type UpdateWebhookInput, type WebhookView } from "@/schemas/webhooks";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";
import { assertWebhookUrlAllowed } from "./check-url";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { sealSecret } from "./secret-box";
import { toWebhookView } from "./to-view";

/**
 * PATCH (contract §6). Disabling stops pending retries (the retry job checks the webhook before
 * each attempt, and queued first attempts are skipped by the delivery worker); re-enabling clears
 * the reason the service disabled it for. A new or removed signing secret is logged as
 * `secretChanged`, never its value.
 */
export async function updateWebhook(
  db: Db,
  organizationId: string,
  webhookId: string,
  input: UpdateWebhookInput,
  actor: AuditActor,
  now = new Date(),
): Promise<WebhookView> {
  const patch = updateWebhookInput.parse(input);
  await getWebhookOrThrow(db, organizationId, webhookId);
  // The DNS check stays outside the transaction: a slow resolver must not hold a connection.
  const url = patch.url === undefined ? undefined : await assertWebhookUrlAllowed(patch.url);
  const row = await db.$transaction(async (tx) => {
    const before = await getWebhookOrThrow(tx, organizationId, webhookId);
    const updated = await tx.webhook.update({
      where: { organizationId_id: { organizationId, id: webhookId } },
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
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: "webhook.updated",
        resourceType: "webhook",
        resourceId: webhookId,
        changes: diffChanges("webhook", toWebhookView(before), toWebhookView(updated), {
          secretChanged: patch.secret !== undefined,
        }),
      },
      now,
    );
    return updated;
  });
  return toWebhookView(row);
}

/** DELETE: the webhook, its deliveries and their attempts go; its retry jobs find nothing and stop. */
export async function deleteWebhook(
  db: Db,
  organizationId: string,
  webhookId: string,
  actor: AuditActor,
): Promise<void> {
  await db.$transaction(async (tx) => {
    const before = await getWebhookOrThrow(tx, organizationId, webhookId);
    await tx.webhook.delete({ where: { organizationId_id: { organizationId, id: webhookId } } });
    await recordAudit(tx, organizationId, actor, {
      action: "webhook.deleted",
      resourceType: "webhook",
      resourceId: webhookId,
      changes: diffChanges("webhook", toWebhookView(before), null),
    });
  });
}
