import type { DbOrTx } from "../db/client";
import type { Webhook } from "../db/generated/client";
import { AppError } from "../errors";

/** A webhook of this organization, or 404 (another tenant's id answers exactly like a missing one). */
export async function getWebhookOrThrow(db: DbOrTx, organizationId: string, webhookId: string): Promise<Webhook> {
  const webhook = await db.webhook.findFirst({ where: { id: webhookId, organizationId } });
  if (!webhook) throw new AppError("not_found", `No webhook with id ${webhookId}.`);
  return webhook;
}
