import type { Db } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import {
  createdWebhookSchema,
  createWebhookInput,
  MAX_WEBHOOKS_PER_ORGANIZATION,
  type CreateWebhookInput,
} from "@/schemas/webhooks";
import { assertWebhookUrlAllowed } from "./check-url";
import { sealSecret } from "./secret-box";
import { toWebhookView } from "./to-view";
import type { AuditActor } from "../audit/actor";
import { diffChanges } from "../audit/changes";
import { recordAudit } from "../audit/record-audit";

/**
 * Returns the webhook with its `secret`: the only time the secret is shown. Without one the
 * webhook is unsigned (contract §6, messaging-api.md §2.3: deliveries are signed "when given"),
 * until a PATCH sets one; the dashboard proposes a generated secret instead of leaving it empty.
 */
export async function createWebhook(
  db: Db,
  organizationId: string,
  input: CreateWebhookInput,
  actor: AuditActor,
  now = new Date(),
) {
  const data = createWebhookInput.parse(input);
  const url = await assertWebhookUrlAllowed(data.url);
  const secret = data.secret ?? null;
  const row = await db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`webhooks:${organizationId}`}))`;
    if ((await tx.webhook.count({ where: { organizationId } })) >= MAX_WEBHOOKS_PER_ORGANIZATION) {
      throw new AppError(
        "limit_reached",
        `An organization can have at most ${MAX_WEBHOOKS_PER_ORGANIZATION} webhooks.`,
      );
    }
    const created = await tx.webhook.create({
      data: {
        id: newId("wh"),
        organizationId,
        name: data.name,
        url,
        events: data.events,
        secretCiphertext: secret === null ? null : sealSecret(secret),
        createdAt: now,
        updatedAt: now,
      },
    });
    await recordAudit(
      tx,
      organizationId,
      actor,
      {
        action: "webhook.created",
        resourceType: "webhook",
        resourceId: created.id,
        changes: diffChanges("webhook", null, toWebhookView(created)),
      },
      now,
    );
    return created;
  });
  return createdWebhookSchema.parse({ ...toWebhookView(row), secret });
}
