import { z } from "zod";
import {
  createdWebhookSchema,
  createWebhookInput,
  deliveriesQuery,
  deliverySchema,
  revealedSecretSchema,
  testResultSchema,
  updateWebhookInput,
  webhookSchema,
} from "@/schemas/webhooks";
import { nextCursorHeader } from "../headers";
import { operation } from "../operation";
import type { PathModule } from "./types";

/*
 * contract §6. The envelope, signature, retry schedule and event list are in the introduction
 * (info.ts "Webhooks"); these descriptions carry what each operation adds. The error lists name
 * only what the handlers raise themselves; operation() adds the codes implied by auth and body.
 */
const webhookIdParams = z.object({
  id: z.string().meta({ description: "The webhook's id (`wh_…`).", example: "wh_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
});

const deliveryParams = webhookIdParams.extend({
  deliveryId: z.string().meta({
    description: "The delivery's id (`dlv_…`) from the delivery log.",
    example: "dlv_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
  }),
});

// The route's own query schema, with descriptions for the reader (validation is unchanged).
const deliveriesQueryDoc = z.strictObject({
  limit: deliveriesQuery.shape.limit.meta({ description: "Page size, 1 to 100.", example: 50 }),
  cursor: deliveriesQuery.shape.cursor.meta({
    description:
      "Opaque: the `X-Next-Cursor` value of the previous page, passed back unchanged; omit it for the newest " +
      "deliveries. A cursor this list did not issue to your organization (edited, made up, or from another list " +
      "or organization) answers 400 `invalid_request`.",
  }),
  status: deliveriesQuery.shape.status.meta({ description: "Only deliveries with this status." }),
});

const redeliveryResponse = z
  .object({
    id: z.string().meta({ description: "The delivery's id.", example: "dlv_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    status: z.literal("PENDING"),
  })
  .meta({ id: "WebhookRedelivery" });

const URL_RULES =
  "`url` is an `http` or `https` URL of at most 2,048 characters without a user name or password; a server " +
  "running in production accepts `https` only. Hosts that are or resolve to loopback, private, link-local or " +
  "cloud metadata addresses are refused with 400 `url_not_allowed` (checked again at every delivery); the " +
  "server setting `WEBHOOK_ALLOW_PRIVATE_URLS=true` lifts both rules for local development and tests.";

// The same options as app/api/v1/developer/webhooks/**/route.ts passes to apiRoute().
const read = { auth: "jwt", allow: "webhooks.read", rateLimit: "webhooks" } as const;
const manage = { auth: "jwt", allow: "webhooks.manage", rateLimit: "webhooks" } as const;

export const webhooksPaths: PathModule = {
  tag: {
    name: "Webhooks",
    description:
      "Endpoints of yours that receive an HTTP POST when a subscribed event happens, managed with an access " +
      "token. Support staff may read webhooks and their delivery logs and redeliver (audited); changing and " +
      "testing need owner, admin or developer. A signing secret is optional but recommended; it is shown in the " +
      "create answer, and owners and admins can reveal it again (audited). At most 50 webhooks per " +
      "organization. Events, envelope, signature and retries: see **Webhooks** in the introduction.",
  },
  paths: {
    "/api/v1/developer/webhooks": {
      get: operation({
        ...read,
        operationId: "listWebhooks",
        summary: "List webhooks",
        description: "Every webhook of the organization, newest first, in one page. Secrets are never included.",
        success: { status: 200, description: "The organization's webhooks.", schema: z.array(webhookSchema) },
      }),
      post: operation({
        ...manage,
        operationId: "createWebhook",
        summary: "Create a webhook",
        description:
          "`name` (1 to 100 characters), `url` and at least one event are required. `events` lists event types, " +
          "the aliases `sms.delivered` / `sms.failed`, or `*` for every event; duplicates are dropped. " +
          `${URL_RULES} ` +
          "`secret` (16 to 256 characters) is optional and recommended: with it every delivery carries " +
          "`X-Webhook-Signature`, so your endpoint can refuse requests that do not come from SignalGate. Without " +
          "it the webhook is unsigned (`hasSecret: false`) until a PATCH sets one. Use a random value, such as " +
          "`whsec_` and 32 random letters and digits (the Standard Webhooks libraries then take it as it is). The " +
          "response shows `secret` (`null` for an unsigned webhook); afterwards only owners and admins can see it " +
          "again, with `POST /developer/webhooks/{id}/reveal-secret`.",
        body: createWebhookInput,
        bodyExample: {
          name: "Orders",
          url: "https://example.com/hooks/signalgate",
          events: ["message.delivered", "message.failed"],
        },
        success: {
          status: 201,
          description: "The webhook, with its secret (null when none was given).",
          schema: createdWebhookSchema,
        },
        errors: ["url_not_allowed", "limit_reached"],
      }),
    },
    "/api/v1/developer/webhooks/{id}": {
      get: operation({
        ...read,
        operationId: "getWebhook",
        summary: "Get a webhook",
        params: webhookIdParams,
        success: { status: 200, description: "The webhook.", schema: webhookSchema },
        errors: ["not_found"],
      }),
      patch: operation({
        ...manage,
        operationId: "updateWebhook",
        summary: "Update a webhook",
        description:
          "Changes any of `name`, `url`, `events`, `secret` and `isActive`. " +
          `${URL_RULES} ` +
          "A new `secret` signs every attempt from now on, retries of earlier events included (this is how an " +
          "unsigned webhook becomes signed); `secret: null` removes the secret, so attempts from then on carry no " +
          "`X-Webhook-Signature` (`hasSecret: false`); leaving `secret` out keeps it. `isActive: false` stops " +
          "sending: events that happen meanwhile are not delivered and scheduled retries end `FAILED`. `isActive: true` re-enables a webhook, also one the service disabled " +
          "after a 410 answer, and clears `disabledReason`.",
        params: webhookIdParams,
        body: updateWebhookInput,
        bodyExample: { events: ["message.delivered", "message.failed", "message.undelivered"] },
        success: { status: 200, description: "The updated webhook.", schema: webhookSchema },
        errors: ["not_found", "url_not_allowed"],
      }),
      delete: operation({
        ...manage,
        operationId: "deleteWebhook",
        summary: "Delete a webhook",
        description: "The webhook, its delivery log and its pending retries go at once; nothing more is sent to it.",
        params: webhookIdParams,
        success: { status: 204, description: "Deleted." },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/webhooks/{id}/reveal-secret": {
      post: operation({
        auth: "jwt",
        allow: "webhooks.revealSecret",
        rateLimit: "webhooks",
        operationId: "revealWebhookSecret",
        summary: "Reveal the signing secret",
        description:
          "The webhook's current signing secret, for a receiver that lost it: no need to rotate it (a `PATCH` " +
          "with a new `secret`) and update everything that verifies. Every reveal is written to the audit log " +
          "(`webhook.secretRevealed`, with who and from where; never the secret). `secret` is `null` for an " +
          "unsigned webhook. The answer carries `Cache-Control: no-store`.",
        params: webhookIdParams,
        success: { status: 200, description: "The signing secret.", schema: revealedSecretSchema },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/webhooks/{id}/test": {
      post: operation({
        ...manage,
        operationId: "testWebhook",
        summary: "Send a test event",
        description:
          "Sends a `webhook.test` event to the webhook now, whatever it subscribes to, with the same headers as " +
          "any delivery (signed when the webhook has a secret), and answers with the outcome: `success` is true " +
          "for a 2xx answer within 30 seconds, `statusCode` is null when no answer came, `error` says what went " +
          "wrong. The test is logged as a delivery of one attempt and is not retried; a 410 answer disables the " +
          "webhook as usual. The payload is " +
          '`{ "webhookId": "wh_…", "message": "This is a test event from SignalGate." }`.',
        params: webhookIdParams,
        success: { status: 200, description: "How the endpoint answered.", schema: testResultSchema },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/webhooks/{id}/deliveries": {
      get: operation({
        ...read,
        operationId: "listWebhookDeliveries",
        summary: "List a webhook's deliveries",
        description:
          "The delivery log, newest first: one entry per event sent to the webhook (test events included), with " +
          "every attempt's status code, response time and error. `nextAttemptAt` is set while the delivery is " +
          "`PENDING` or `RETRYING`. When more entries follow, the `X-Next-Cursor` response header holds the " +
          "`cursor` of the next page; a `cursor` this list did not issue answers 400 `invalid_request`.",
        params: webhookIdParams,
        query: deliveriesQueryDoc,
        success: {
          status: 200,
          description: "One page of deliveries.",
          schema: z.array(deliverySchema),
          headers: { "X-Next-Cursor": nextCursorHeader },
        },
        errors: ["not_found"],
      }),
    },
    "/api/v1/developer/webhooks/{id}/deliveries/{deliveryId}/redeliver": {
      post: operation({
        ...manage,
        operationId: "redeliverWebhookDelivery",
        summary: "Redeliver an event",
        description:
          "Queues one new attempt of the delivery now, whatever its status, with the same event id and body " +
          "(signed with the webhook's current secret). It is a single attempt: a failure ends `FAILED` without a " +
          "new retry schedule, and a retry still waiting for this delivery is cancelled. While an attempt of the " +
          "delivery is in flight the answer is 409 `delivery_in_progress`; try again in a moment. A disabled " +
          "webhook answers 409 `webhook_disabled`: enable it first.",
        params: deliveryParams,
        success: { status: 202, description: "The attempt was queued.", schema: redeliveryResponse },
        errors: ["not_found", "delivery_in_progress", "webhook_disabled"],
      }),
    },
  },
};
