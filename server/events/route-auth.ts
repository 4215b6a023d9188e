/**
 * contract §13: the events API takes a dashboard/management JWT or an API key with
 * `webhooks.manage`. Members read as they read webhooks; resending needs what redelivering does
 * (support may: it helps customers, and it is audited).
 * The OpenAPI document uses the same objects.
 */
export const EVENTS_AUTH = {
  auth: "any",
  scope: "webhooks.manage",
  allow: "webhooks.read",
  rateLimit: "webhooks",
} as const;

export const EVENTS_RESEND_AUTH = { ...EVENTS_AUTH, allow: "webhooks.redeliver" } as const;
