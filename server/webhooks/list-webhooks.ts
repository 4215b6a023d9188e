import type { DbOrTx } from "../db/client";
import type { WebhookView } from "@/schemas/webhooks";
import { toWebhookView } from "./to-view";

/** Every webhook of the organization, newest first (at most MAX_WEBHOOKS exist). */
export async function listWebhooks(db: DbOrTx, organizationId: string): Promise<WebhookView[]> {
  const rows = await db.webhook.findMany({ where: { organizationId }, orderBy: { id: "desc" } });
  return rows.map(toWebhookView);
}
