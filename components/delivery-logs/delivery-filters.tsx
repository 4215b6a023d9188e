"use client";

import type { ReactNode } from "react";
import { DELIVERY_STATUSES } from "@/schemas/webhooks";
import type { UrlStatePatch } from "../dashboard/use-url-state";
import { FilterBar } from "../dashboard/filter-bar";
import { DateRangeFilter, FilterSelect, StatusFilter } from "../dashboard/filter-controls";
import { DELIVERY_EVENTS } from "../webhooks/events";
import { DELIVERY_STATUS_INFO } from "./delivery-status";
import { MessageFilterChip } from "./message-filter-chip";
import { deliveryFilterKeys, type DeliveryUrlKey, type DeliveryUrlState } from "./delivery-input";

const EVENT_OPTIONS = DELIVERY_EVENTS.map((value) => ({ value, label: value }));

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
