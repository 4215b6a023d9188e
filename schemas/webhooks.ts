import { z } from "zod";
import { dateInRange } from "./dates";
import { listCursorSchema, timestampSchema } from "./common";

/** contract §6: canonical event types. */
export const CANONICAL_EVENTS = [
  "message.queued",
  "message.sent",
  "message.delivered",
  "message.failed",
  "message.undelivered",
  "otp.sent",
  "otp.verified",
  "otp.expired",
  "billing.threshold_reached",
  "message.received",
  "contact.opted_out",
  "contact.opted_in",
  "webhook.test",
  "message.scheduled",
  "message.canceled",
  "fraud.prefix_blocked",
  "campaign.started",
  "campaign.paused",
  "campaign.completed",
  "campaign.canceled",
  "link.clicked",
  "alert.triggered",
  "alert.resolved",
  "sender.queue_backlog",
] as const;

/** The seed's second naming family: subscribing to an alias receives the canonical event under the alias's name. */
export const EVENT_ALIASES = { "sms.delivered": "message.delivered", "sms.failed": "message.failed" } as const;

export const SUBSCRIBABLE_EVENTS = [
  ...CANONICAL_EVENTS,
  ...(Object.keys(EVENT_ALIASES) as (keyof typeof EVENT_ALIASES)[]),
  "*",
] as const;
export const webhookEventSchema = z.enum(SUBSCRIBABLE_EVENTS);
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

export const EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
  "message.queued": "A message was accepted and queued.",
  "message.sent": "The carrier took the message.",
  "message.delivered": "The handset confirmed delivery.",
  "message.failed": "The message could not be sent.",
  "message.undelivered": "The carrier could not deliver the message.",
  "otp.sent": "A one-time passcode was sent.",
  "otp.verified": "A one-time passcode was verified.",
  "otp.expired": "A one-time passcode expired unused.",
  "billing.threshold_reached": "Month-to-date live spend reached an alert threshold of the spend limit.",
  "message.received": "A phone sent a message to one of your numbers (the body is in the payload).",
  "contact.opted_out": "A number opted out of your messages (API, dashboard, import or a STOP keyword).",
  "contact.opted_in": "A number opted back in.",
  "webhook.test": "A test event sent from the dashboard or the API.",
  "fraud.prefix_blocked":
    "The OTP fraud guard blocked a destination prefix, or (scope country) a whole country, for 12 hours (suspected SMS pumping).",
  "sms.delivered": "Alias of message.delivered.",
  "sms.failed": "Alias of message.failed.",
  "*": "Every event, present and future.",
  "message.scheduled": "A message was accepted with a sendAt and waits until it is due.",
  "message.canceled": "A scheduled message was canceled (by the API, the dashboard or an opt-out).",
  "campaign.started": "A campaign started running: its audience is fixed.",
  "campaign.paused": "A campaign was paused (by hand, or by the spend limit).",
  "campaign.completed": "A campaign has no recipient left waiting.",
  "campaign.canceled": "A campaign was canceled; recipients still waiting are never texted.",
  "link.clicked": "A recipient followed a tracked link of a campaign message (link previews and HEAD are not counted).",
  "alert.triggered": "An alert crossed its threshold, or a webhook endpoint failed every attempt for 24 hours.",
  "alert.resolved": "An alert came back within its threshold, or a failing webhook endpoint succeeded again.",
  "sender.queue_backlog":
    "A sender's paced queue would take more than 15 minutes to send (at most once an hour per sender): add numbers or a pool.",
};

export const MAX_WEBHOOKS_PER_ORGANIZATION = 50;

export const DELIVERY_STATUSES = ["PENDING", "SUCCEEDED", "RETRYING", "FAILED"] as const;
export const deliveryStatusSchema = z.enum(DELIVERY_STATUSES);

/** contract §6: after the first attempt, retries after 1 min, 5 min, 30 min, 2 h and 24 h. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 24 * 3_600_000] as const;
export const MAX_DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

const name = z.string().trim().min(1, "Give the webhook a name.").max(100, "Use at most 100 characters.");
const url = z
  .string()
  .trim()
  .max(2048, "Use at most 2048 characters.")
  .refine((v) => URL.canParse(v), "Enter a full URL such as https://example.com/webhooks.");
const events = z
  .array(webhookEventSchema)
  .min(1, "Subscribe to at least one event.")
  .transform((list) => [...new Set(list)]);
const secret = z
  .string()
  .min(16, "Use at least 16 characters.")
  .max(256, "Use at most 256 characters.")
  .meta({
    description:
      "Signing secret, 16 to 256 characters; recommended (for example `whsec_` and 32 random characters). With " +
      "it every delivery carries `X-Webhook-Signature`, so your endpoint can tell SignalGate's requests from " +
      "forgeries. Omitted: the webhook is unsigned (`hasSecret: false`) until a PATCH sets one.",
  });

export const createWebhookInput = z
  .strictObject({ name, url, events, secret: secret.optional() })
  .meta({ id: "CreateWebhookRequest" });
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

export const updateWebhookInput = z
  .strictObject({
    name: name.optional(),
    url: url.optional(),
    events: events.optional(),
    secret: secret
      .nullable()
      .optional()
      .meta({
        description:
          "A new secret (16 to 256 characters): every attempt is signed with it from now on. `null` removes the " +
          "secret: attempts from now on carry no `X-Webhook-Signature`. Omitted: the secret stays as it is.",
      }),
    isActive: z.boolean().optional(),
  })
  .meta({ id: "UpdateWebhookRequest" });
export type UpdateWebhookInput = z.input<typeof updateWebhookInput>;

/** contract §6 webhook object. Parsing with it strips everything else (the secret never leaves). */
export const webhookSchema = z
  .object({
    id: z.string().meta({ example: "wh_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    name: z.string(),
    url: z.string(),
    events: z.array(z.string()),
    isActive: z.boolean(),
    hasSecret: z.boolean(),
    disabledReason: z.string().nullable().meta({ description: "Set when the service disabled it (a 410 answer)." }),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "Webhook" });
export type WebhookView = z.infer<typeof webhookSchema>;

/** The create answer: the secret is shown here, and again only through reveal (owner and admin, audited). */
export const createdWebhookSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .nullable()
      .meta({
        description:
          "The signing secret given at creation: store it to verify signatures. Owners and admins can show it " +
          "again with `POST /developer/webhooks/{id}/reveal-secret` (audited). `null` when none was given (an " +
          "unsigned webhook).",
      }),
  })
  .meta({ id: "CreatedWebhook" });

/** `POST /developer/webhooks/:id/reveal-secret`: the signing secret again (issue 39), audited. */
export const revealedSecretSchema = z
  .object({
    secret: z
      .string()
      .nullable()
      .meta({ description: "The webhook's signing secret as it signs now; `null` for an unsigned webhook." }),
  })
  .meta({ id: "WebhookSecret" });
export type RevealedSecret = z.infer<typeof revealedSecretSchema>;

export const attemptSchema = z
  .object({
    attempt: z.number().int(),
    statusCode: z.number().int().nullable(),
    responseTimeMs: z.number().int(),
    error: z.string().nullable(),
    at: timestampSchema,
  })
  .meta({ id: "WebhookAttempt" });

export const deliverySchema = z
  .object({
    id: z.string().meta({ example: "dlv_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    eventId: z.string(),
    event: z.string(),
    status: deliveryStatusSchema,
    attempts: z.array(attemptSchema),
    nextAttemptAt: timestampSchema.nullable(),
    createdAt: timestampSchema,
  })
  .meta({ id: "WebhookDelivery" });
export type DeliveryView = z.infer<typeof deliverySchema>;

export const deliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: listCursorSchema.optional(),
  status: deliveryStatusSchema.optional(),
});

export const testResultSchema = z
  .object({
    success: z.boolean(),
    statusCode: z.number().int().nullable(),
    responseTimeMs: z.number().int(),
    error: z.string().nullable(),
  })
  .meta({ id: "WebhookTestResult" });
export type TestResult = z.infer<typeof testResultSchema>;

/** Dashboard detail of one delivery: the log entry plus what support staff need to answer tickets. */
export const deliveryDetailSchema = deliverySchema
  .extend({
    webhookId: z.string(),
    webhookName: z.string(),
    webhookUrl: z.string(),
    /** The envelope as sent, parsed for display. */
    payload: z.unknown(),
    /** The exact bytes sent and signed on every attempt. */
    body: z.string(),
    attempts: z.array(attemptSchema.extend({ responseBody: z.string().nullable() })),
    updatedAt: timestampSchema,
  })
  .meta({ id: "WebhookDeliveryDetail" });
export type DeliveryDetail = z.infer<typeof deliveryDetailSchema>;

/** Organization-wide delivery log filters (dashboard). */
export const deliveryLogQuery = z.strictObject({
  webhookId: z.string().max(64).optional(),
  status: deliveryStatusSchema.optional(),
  event: z.string().max(64).optional(),
  messageId: z
    .string()
    .max(64)
    .optional()
    .meta({ description: "Only deliveries of this message's events (`message.*`)." }),
  from: z.coerce.date().pipe(dateInRange).optional(),
  until: z.coerce.date().pipe(dateInRange).optional(),
  cursor: listCursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type DeliveryLogQuery = z.input<typeof deliveryLogQuery>;
