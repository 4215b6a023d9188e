import { EVENT_DESCRIPTIONS, type WebhookEvent } from "@/schemas/webhooks";

export { EVENT_DESCRIPTIONS };
export type { WebhookEvent };

/** How the events picker groups the subscribable events; "*" is offered on its own above them. */
export const EVENT_GROUPS: { label: string; events: WebhookEvent[] }[] = [
  {
    label: "Messages",
    events: [
      "message.queued",
      "message.sent",
      "message.delivered",
      "message.failed",
      "message.undelivered",
      "message.received",
      "message.scheduled",
      "message.canceled",
    ],
  },
  { label: "OTP", events: ["otp.sent", "otp.verified", "otp.expired"] },
  { label: "Contacts", events: ["contact.opted_out", "contact.opted_in"] },
  { label: "Test", events: ["webhook.test"] },
  { label: "Aliases", events: ["sms.delivered", "sms.failed"] },
];

export const ALL_EVENTS: WebhookEvent = "*";

/** Event names a delivery can carry (the name the webhook subscribed with): everything but "*". */
export const DELIVERY_EVENTS: WebhookEvent[] = EVENT_GROUPS.flatMap((g) => g.events);

/** The picker's canonical order, so the request and the table read the same every time. */
export function orderEvents(events: Iterable<string>): WebhookEvent[] {
  const set = new Set(events);
  if (set.has(ALL_EVENTS)) return [ALL_EVENTS];
  return DELIVERY_EVENTS.filter((e) => set.has(e));
}
