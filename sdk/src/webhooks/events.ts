/*
 * The events a webhook receives. The OpenAPI document describes requests and answers, not webhook
 * bodies, so these are written here from the server's payloads (sg_message_event_payload,
 * server/otp/otp-events.ts, the billing trigger, schemas/opt-outs.ts, server/webhooks/test-webhook.ts);
 * sdk/src/webhooks/events.test.ts checks them against the server's own definitions.
 */

/** `message.*` payloads: the message as it stands after the transition. */
export interface MessageEventPayload {
  messageId: string;
  to: string;
  from: string;
  status: "QUEUED" | "SENT" | "DELIVERED" | "FAILED" | "UNDELIVERED" | "SCHEDULED" | "CANCELED";
  environment: "live" | "test";
  segments: number;
  encoding: string;
  /** Four-place decimal string in `priceUnit` (`"0.0079"`); `"0.0000"` in the sandbox. */
  price: string;
  priceUnit: string;
  batchId: string | null;
  otpId: string | null;
  providerMessageId: string | null;
  errorCode: string | null;
  errorMessage: string | null;
  createdAt: string;
  sentAt: string | null;
  deliveredAt: string | null;
  failedAt: string | null;
  /** Scheduled sends: when it is (or was) due; null for immediate sends. */
  sendAt?: string | null;
  canceledAt?: string | null;
}

/** `message.canceled`: a scheduled message canceled before it was due (contract §11). */
export interface MessageCanceledPayload extends MessageEventPayload {
  reason: "api" | "opted_out" | "campaign";
}

/** `otp.*` payloads. Never the code. */
export interface OtpEventPayload {
  otpId: string;
  to: string;
  environment: "live" | "test";
  status: "PENDING" | "APPROVED" | "EXPIRED";
  messageId: string;
  attempts: number;
  expiresAt: string;
  verifiedAt?: string | null;
  expiredAt?: string | null;
}

/** `alert.triggered` and `alert.resolved`. */
export interface AlertEventPayload {
  /** Null for the built-in `webhook_endpoint_failing` alert (with `webhookId`). */
  alertId: string | null;
  metric: "delivery_rate" | "error_rate" | "webhook_failure_rate" | "spend" | "webhook_endpoint_failing";
  /** Rates as fractions; spend as an amount such as "25.0000". */
  value: number | string;
  threshold: number | string;
  windowMinutes: number;
  webhookId?: string;
}

/** `sender.queue_backlog`: a sender's paced queue would take more than 15 minutes to send. */
export interface SenderQueueBacklogPayload {
  /** The number or alphanumeric sender ID. */
  sender: string;
  segments: number;
  estimatedWaitSeconds: number;
}

/** `billing.threshold_reached`. */
export interface BillingThresholdPayload {
  /** The percentage of the monthly limit crossed. */
  threshold: number;
  monthlySpendLimit: string;
  spend: string;
  period: { start: string; end: string };
}

/** `contact.opted_out` and `contact.opted_in`. */
export interface OptOutEventPayload {
  phone: string;
  source: string;
  at: string;
}

/** `message.received`: an inbound SMS, with its body (contract §10). */
export interface MessageReceivedPayload {
  messageId: string;
  from: string;
  to: string;
  body: string;
  receivedAt: string;
}

/** `fraud.prefix_blocked`: the OTP fraud guard blocked a destination prefix, or a whole country (contract §12). */
export interface FraudPrefixBlockedPayload {
  /** The prefix, or with scope `country` the country (ISO 3166-1 alpha-2): what unblocks it. */
  prefix: string;
  scope: "prefix" | "country";
  country: string | null;
  environment: "live" | "test";
  /** When the block ends (ISO 8601). */
  until: string;
  /** OTP sends to the prefix (or country) in the hour before the block, and how many were verified. */
  sends: number;
  verified: number;
}

/** `campaign.*` (contract §11): the campaign's status and its stats at the transition. */
export interface CampaignEventPayload {
  campaignId: string;
  status: "DRAFT" | "SCHEDULED" | "RUNNING" | "PAUSED" | "COMPLETED" | "CANCELED";
  stats: {
    recipients: number;
    pending: number;
    queued: number;
    sent: number;
    delivered: number;
    undelivered: number;
    failed: number;
    canceled: number;
    skipped: {
      opted_out: number;
      country_not_allowed: number;
      frequency_cap: number;
      invalid_template: number;
      contact_deleted: number;
    };
    clicks: number;
    uniqueClicks: number;
    optOuts: number;
    /** Four-place decimal string, USD. */
    spend: string;
  };
}

/** `link.clicked` (contract §11): a recipient followed a campaign's tracked link. */
export interface LinkClickedPayload {
  campaignId: string;
  messageId: string | null;
  phone: string;
  /** The original URL the short link redirects to. */
  url: string;
  at: string;
}

/** `webhook.test`. */
export interface WebhookTestPayload {
  webhookId: string;
  message: string;
}

/** Each event name, with the payload it carries. `sms.*` are the aliases a webhook may subscribe with. */
export interface WebhookEventPayloads {
  "message.queued": MessageEventPayload;
  "message.sent": MessageEventPayload;
  "message.delivered": MessageEventPayload;
  "message.failed": MessageEventPayload;
  "message.undelivered": MessageEventPayload;
  "message.received": MessageReceivedPayload;
  "sms.delivered": MessageEventPayload;
  "sms.failed": MessageEventPayload;
  "otp.sent": OtpEventPayload;
  "otp.verified": OtpEventPayload;
  "otp.expired": OtpEventPayload;
  "billing.threshold_reached": BillingThresholdPayload;
  "contact.opted_out": OptOutEventPayload;
  "contact.opted_in": OptOutEventPayload;
  "webhook.test": WebhookTestPayload;
  "message.scheduled": MessageEventPayload;
  "message.canceled": MessageCanceledPayload;
  "fraud.prefix_blocked": FraudPrefixBlockedPayload;
  "campaign.started": CampaignEventPayload;
  "campaign.paused": CampaignEventPayload;
  "campaign.completed": CampaignEventPayload;
  "campaign.canceled": CampaignEventPayload;
  "link.clicked": LinkClickedPayload;
  "alert.triggered": AlertEventPayload;
  "alert.resolved": AlertEventPayload;
  "sender.queue_backlog": SenderQueueBacklogPayload;
}

export type WebhookEventName = keyof WebhookEventPayloads;

export const WEBHOOK_EVENT_NAMES = [
  "message.queued",
  "message.sent",
  "message.delivered",
  "message.failed",
  "message.undelivered",
  "message.received",
  "sms.delivered",
  "sms.failed",
  "otp.sent",
  "otp.verified",
  "otp.expired",
  "billing.threshold_reached",
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
] as const satisfies readonly WebhookEventName[];

/** The body of a delivery (messaging-api.md §2.5), typed by its `event`: narrow with `switch (e.event)`. */
export type WebhookEvent = {
  [E in WebhookEventName]: {
    /** The event id: the same on every retry of this event to this webhook (deduplicate on it). */
    id: string;
    event: E;
    timestamp: string;
    payload: WebhookEventPayloads[E];
  };
}[WebhookEventName];

/** An event of a name this SDK version does not know yet (added later on the server). */
export interface UnknownWebhookEvent {
  id: string;
  event: string;
  timestamp: string;
  payload: Record<string, unknown>;
}
