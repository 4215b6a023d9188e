import { z } from "zod";
import { createWebhook } from "../../webhooks/create-webhook";
import { getDeliveryOrThrow } from "../../webhooks/deliveries/get-delivery-or-throw";
import { listDeliveries } from "../../webhooks/deliveries/list-deliveries";
import { redeliver } from "../../webhooks/deliveries/redeliver";
import { getWebhookOrThrow } from "../../webhooks/get-webhook-or-throw";
import { listWebhooks } from "../../webhooks/list-webhooks";
import { revealWebhookSecret } from "../../webhooks/reveal-secret";
import { testWebhook } from "../../webhooks/test-webhook";
import { webhookHealth } from "../../webhooks/webhook-health";
import { toWebhookView } from "../../webhooks/to-view";
import { deleteWebhook, updateWebhook } from "../../webhooks/update-webhook";
import { deliveryPageSchema, listDeliveriesInput } from "@/schemas/webhook-views";
import { createWebhookInput, updateWebhookInput } from "@/schemas/webhooks";
import { roleProcedure, router } from "../init";

// The same domain functions as the REST routes (app/api/v1/developer/webhooks), so the dashboard
// and the API cannot drift. Every procedure works on ctx.organizationId only: another
// organization's webhook or delivery id answers NOT_FOUND, exactly like a missing one. Support
// reads webhooks and delivery logs and may redeliver; the signing secret is in create's answer, and
// in reveal's for owners and admins (audited).
const webhookId = z.string().trim().min(1, "A webhook id is required.");
const deliveryId = z.string().trim().min(1, "A delivery id is required.");
const byIdInput = z.strictObject({ id: webhookId });

export const webhooksRouter = router({
  list: roleProcedure("webhooks.read").query(({ ctx }) => listWebhooks(ctx.db, ctx.organizationId)),

  /** Each webhook's delivery success over the last 24 hours (a bounded sample), for Active/Failing. */
  health: roleProcedure("webhooks.read").query(({ ctx }) => webhookHealth(ctx.db, ctx.organizationId)),

  byId: roleProcedure("webhooks.read")
    .input(byIdInput)
    .query(async ({ ctx, input }) => toWebhookView(await getWebhookOrThrow(ctx.db, ctx.organizationId, input.id))),

  /** The only answer that carries `secret` (null for an unsigned webhook). */
  create: roleProcedure("webhooks.manage")
    .input(createWebhookInput)
    .mutation(({ ctx, input }) => createWebhook(ctx.db, ctx.organizationId, input, ctx.actor)),

  /** The signing secret again (owner and admin), audited: instead of rotating a lost one. */
  revealSecret: roleProcedure("webhooks.revealSecret")
    .input(byIdInput)
    .mutation(({ ctx, input }) => revealWebhookSecret(ctx.db, ctx.organizationId, input.id, ctx.actor)),

  // Flat input (id beside the fields) so zod's flattened field errors name the form's fields.
  update: roleProcedure("webhooks.manage")
    .input(updateWebhookInput.extend({ id: webhookId }))
    .mutation(({ ctx, input: { id, ...patch } }) => updateWebhook(ctx.db, ctx.organizationId, id, patch, ctx.actor)),

  remove: roleProcedure("webhooks.manage")
    .input(byIdInput)
    .mutation(async ({ ctx, input }) => {
      await deleteWebhook(ctx.db, ctx.organizationId, input.id, ctx.actor);
      return { id: input.id };
    }),

  /** Sends a `webhook.test` event now (signed when the webhook has a secret) and answers how the endpoint took it. */
  test: roleProcedure("webhooks.manage")
    .input(byIdInput)
    .mutation(({ ctx, input }) => testWebhook(ctx.db, ctx.organizationId, input.id)),

  /** The organization's delivery log, newest first; `webhookId` narrows it to one webhook. */
  deliveries: roleProcedure("webhooks.read")
    .input(listDeliveriesInput)
    .query(async ({ ctx, input: { direction: _direction, ...query } }) =>
      deliveryPageSchema.parse(await listDeliveries(ctx.db, ctx.organizationId, query)),
    ),

  /** Payload as sent and every attempt with its response snippet (support answers tickets with it). */
  deliveryById: roleProcedure("webhooks.read")
    .input(z.strictObject({ id: deliveryId }))
    .query(({ ctx, input }) => getDeliveryOrThrow(ctx.db, ctx.organizationId, input.id)),

  /** One new attempt now, same event id and body. The delivery names its webhook, so only its id is asked for. */
  redeliver: roleProcedure("webhooks.redeliver")
    .input(z.strictObject({ id: deliveryId }))
    .mutation(async ({ ctx, input }) => {
      const delivery = await getDeliveryOrThrow(ctx.db, ctx.organizationId, input.id);
      return redeliver(ctx.db, ctx.organizationId, delivery.webhookId, delivery.id, ctx.actor);
    }),
});
