import type { ListDeliveriesInput } from "@/schemas/webhook-views";
import { DELIVERY_STATUSES } from "@/schemas/webhooks";
import { isOneOf } from "../dashboard/url-values";
import { dayRange } from "../messages/message-format";
import { DELIVERY_EVENTS } from "../webhooks/events";

// A delivery log's URL and the list request it makes: shared by the page and the server's prefetch.

/** Query-string keys of a delivery log; `delivery` is the open detail drawer. */
export const DELIVERY_URL_KEYS = ["status", "event", "webhook", "since", "until", "delivery", "message"] as const;
export type DeliveryUrlKey = (typeof DELIVERY_URL_KEYS)[number];
export type DeliveryUrlState = Record<DeliveryUrlKey, string>;

/** The filters a log offers: a page about one webhook has no webhook filter. */
export function deliveryFilterKeys(withWebhook: boolean): readonly DeliveryUrlKey[] {
  return withWebhook
    ? ["status", "event", "webhook", "since", "until", "message"]
    : ["status", "event", "since", "until", "message"];
}

/**
 * The list request for what the URL says (and the page's fixed webhook, if any). Values a
 * hand-edited URL gets wrong are left out rather than sent, so the page shows the unfiltered log.
 */
export function deliveryListInput(state: DeliveryUrlState, fixedWebhookId?: string): ListDeliveriesInput {
  const webhookId = fixedWebhookId ?? (/^wh_[0-9A-Za-z]+$/.test(state.webhook) ? state.webhook : undefined);
  return {
    ...(webhookId ? { webhookId } : {}),
    ...(isOneOf(DELIVERY_STATUSES, state.status) ? { status: state.status } : {}),
    ...(isOneOf(DELIVERY_EVENTS, state.event) ? { event: state.event } : {}),
    // A message's drawer links here with `message`: only the deliveries of that message's events.
    ...(/^msg_[0-9A-Za-z]+$/.test(state.message) ? { messageId: state.message } : {}),
    ...dayRange(state.since, state.until),
  };
}
