"use client";

import type { ReactNode } from "react";
import { DELIVERY_STATUSES } from "@/schemas/webhooks";
import type { ListDeliveriesInput } from "@/schemas/webhook-views";
import { isOneOf, type UrlStatePatch } from "../dashboard/use-url-state";
import { FilterBar } from "../dashboard/filter-bar";
import { DateRangeFilter, FilterSelect, StatusFilter } from "../dashboard/filter-controls";
import { dayRange } from "../messages/message-format";
import { DELIVERY_EVENTS } from "../webhooks/events";
import { DELIVERY_STATUS_INFO } from "./delivery-status";
import { MessageFilterChip } from "./message-filter-chip";

/** Query-string keys of a delivery log; `delivery` is the open detail drawer. */
export const DELIVERY_URL_KEYS = ["status", "event", "webhook", "since", "until", "delivery", "message"] as const;
export type DeliveryUrlKey = (typeof DELIVERY_URL_KEYS)[number];
export type DeliveryUrlState = Record<DeliveryUrlKey, string>;

const EVENT_OPTIONS = DELIVERY_EVENTS.map((value) => ({ value, label: value }));

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

export function DeliveryFilters({
  state,
  set,
  webhooks,
  children,
}: {
  state: DeliveryUrlState;
  set: (patch: UrlStatePatch<DeliveryUrlKey>) => void;
  /** The webhook filter's choices; null on a page that is about one webhook already. */
  webhooks: { id: string; name: string }[] | null;
  /** Extra controls at the end of the bar (Refresh). */
  children?: ReactNode;
}) {
  return (
    <FilterBar
      label="Filter deliveries"
      state={state}
      keys={deliveryFilterKeys(webhooks !== null)}
      set={set}
      end={children}
    >
      <StatusFilter
        statuses={DELIVERY_STATUSES}
        info={DELIVERY_STATUS_INFO}
        value={state.status}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        id="filter-event"
        label="Event"
        allLabel="All events"
        width="w-52"
        value={state.event}
        options={EVENT_OPTIONS}
        onChange={(event) => set({ event })}
      />
      {webhooks ? (
        <FilterSelect
          id="filter-webhook"
          label="Webhook"
          allLabel="All webhooks"
          width="w-48"
          value={state.webhook}
          options={webhooks.map((w) => ({ value: w.id, label: w.name }))}
          onChange={(webhook) => set({ webhook })}
        />
      ) : null}
      <DateRangeFilter since={state.since} until={state.until} set={set} />
      {state.message ? <MessageFilterChip messageId={state.message} onClear={() => set({ message: null })} /> : null}
    </FilterBar>
  );
}
