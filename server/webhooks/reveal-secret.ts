import type { Db } from "../db/client";
import type { AuditActor } from "../audit/actor";
import { recordAudit } from "../audit/record-audit";
import { getWebhookOrThrow } from "./get-webhook-or-throw";
import { openSecret } from "./secret-box";

/**
 * The webhook's signing secret, shown again, as Stripe's "Reveal" does (issue 39): receivers that
 * lost it need not rotate it and redeploy everything that verifies. The secret is stored sealed, not
 * hashed, for exactly this and for signing. Each reveal is audited (who, when, from where), in the
 * same transaction as the read; `secret` is null for an unsigned webhook.
 */
export async function revealWebhookSecret(
  db: Db,
  organizationId: string,
  webhookId: string,
  actor: AuditActor,
  now = new Date(),
): Promise<{ secret: string | null }> {
  return db.$transaction(async (tx) => {
    const webhook = await getWebhookOrThrow(tx, organizationId, webhookId);
    await recordAudit(
      tx,
      organizationId,
      actor,
      { action: "webhook.secretRevealed", resourceType: "webhook", resourceId: webhookId, changes: null },
      now,
    );
    return { secret: webhook.secretCiphertext === null ? null : openSecret(webhook.secretCiphertext) };
  });
}
