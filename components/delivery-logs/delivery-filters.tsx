"use client";

import type { ReactNode } from "react";
import { DELIVERY_STATUSES } from "@/schemas/webhooks";
import type { DeliveryStatus, ListDeliveriesInput } from "@/schemas/webhook-views";
import type { UrlStatePatch } from "../dashboard/use-url-state";
import { Input } from "../ui/input";
import { ClearFilters, FilterField, FilterSelect } from "../messages/filter-controls";
import { endOfDay, startOfDay } from "../messages/message-format";
import { DELIVERY_EVENTS } from "../webhooks/events";
import { DELIVERY_STATUS_INFO } from "./delivery-status";

/** Query-string keys of a delivery log; `delivery` is the open detail drawer. */
export const DELIVERY_URL_KEYS = ["status", "event", "webhook", "since", "until", "delivery"] as const;
export type DeliveryUrlKey = (typeof DELIVERY_URL_KEYS)[number];
export type DeliveryUrlState = Record<DeliveryUrlKey, string>;

const STATUS_OPTIONS = DELIVERY_STATUSES.map((value) => ({ value, label: DELIVERY_STATUS_INFO[value].label }));
const EVENT_OPTIONS = DELIVERY_EVENTS.map((value) => ({ value, label: value }));

const isStatus = (v: string): v is DeliveryStatus => (DELIVERY_STATUSES as readonly string[]).includes(v);
const isEvent = (v: string) => (DELIVERY_EVENTS as readonly string[]).includes(v);

/**
 * The list request for what the URL says (and the page's fixed webhook, if any). Values a
 * hand-edited URL gets wrong are left out rather than sent, so the page shows the unfiltered log.
 */
export function deliveryListInput(state: DeliveryUrlState, fixedWebhookId?: string): ListDeliveriesInput {
  const from = startOfDay(state.since);
  const until = endOfDay(state.until);
  const webhookId = fixedWebhookId ?? (/^wh_[0-9A-Za-z]+$/.test(state.webhook) ? state.webhook : undefined);
  return {
    ...(webhookId ? { webhookId } : {}),
    ...(isStatus(state.status) ? { status: state.status } : {}),
    ...(isEvent(state.event) ? { event: state.event } : {}),
    ...(from ? { from } : {}),
    ...(until && (!from || from < until) ? { until } : {}),
  };
}

export function hasDeliveryFilters(state: DeliveryUrlState, withWebhook = true): boolean {
  return Boolean(state.status || state.event || (withWebhook && state.webhook) || state.since || state.until);
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
    <div role="search" aria-label="Filter deliveries" className="mb-4 flex flex-wrap items-end gap-3">
      <FilterSelect
        id="filter-status"
        label="Status"
        allLabel="All statuses"
        width="w-36"
        value={isStatus(state.status) ? state.status : ""}
        options={STATUS_OPTIONS}
        onChange={(status) => set({ status })}
      />
      <FilterSelect
        id="filter-event"
        label="Event"
        allLabel="All events"
        width="w-52"
        value={isEvent(state.event) ? state.event : ""}
        options={EVENT_OPTIONS}
        onChange={(event) => set({ event })}
      />
      {webhooks ? (
        <FilterSelect
          id="filter-webhook"
          label="Webhook"
          allLabel="All webhooks"
          width="w-48"
          value={webhooks.some((w) => w.id === state.webhook) ? state.webhook : ""}
          options={webhooks.map((w) => ({ value: w.id, label: w.name }))}
          onChange={(webhook) => set({ webhook })}
        />
      ) : null}
      <FilterField label="Since" htmlFor="filter-since" className="w-36">
        <Input
          id="filter-since"
          type="date"
          value={state.since}
          max={state.until || undefined}
          onChange={(e) => set({ since: e.target.value })}
        />
      </FilterField>
      <FilterField label="Until" htmlFor="filter-until" className="w-36">
        <Input
          id="filter-until"
          type="date"
          value={state.until}
          min={state.since || undefined}
          onChange={(e) => set({ until: e.target.value })}
        />
      </FilterField>
      {hasDeliveryFilters(state, webhooks !== null) ? (
        <ClearFilters onClear={() => set({ status: null, event: null, webhook: null, since: null, until: null })} />
      ) : null}
      {children ? <div className="ml-auto">{children}</div> : null}
    </div>
  );
}
