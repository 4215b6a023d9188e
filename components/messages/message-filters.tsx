"use client";

import { useCallback } from "react";
import { MESSAGE_STATUSES } from "@/schemas/messages";
import type { ListMessagesInput } from "@/schemas/message-views";
import { isOneOf, type UrlStatePatch } from "../dashboard/use-url-state";
import { FilterBar } from "../dashboard/filter-bar";
import type { KeyEnvironment } from "@/schemas/api-keys";
import { listEnvironment } from "../dashboard/environment";
import { DateRangeFilter, EnvironmentFilter, StatusFilter } from "../dashboard/filter-controls";
import { MessageSearchFilter } from "./message-search-filter";
import { MESSAGE_STATUS_INFO } from "./message-badges";
import { dayRange } from "./message-format";

/** Query-string keys of the messages page; `message` is the open detail drawer. */
export const MESSAGE_URL_KEYS = ["status", "env", "recipient", "q", "since", "until", "message"] as const;
export type MessageUrlKey = (typeof MESSAGE_URL_KEYS)[number];
export type MessageUrlState = Record<MessageUrlKey, string>;
export const MESSAGE_FILTER_KEYS = ["status", "env", "recipient", "q", "since", "until"] as const;

/**
 * The list request for what the URL says. Values a hand-edited URL gets wrong are left out rather
 * than sent, so the page shows the unfiltered list instead of an error.
 */
export function messageListInput(
  state: MessageUrlState,
  environment: KeyEnvironment,
): Omit<ListMessagesInput, "cursor"> {
  return {
    ...(isOneOf(MESSAGE_STATUSES, state.status) ? { status: state.status } : {}),
    ...listEnvironment(state.env, environment),
    ...(state.recipient ? { to: state.recipient } : {}),
    // The search box: a message id, a number or its beginning, or its last digits (the server parses it).
    ...(state.q ? { search: state.q } : {}),
    ...dayRange(state.since, state.until),
  };
}

export function MessageFilters({
  state,
  set,
}: {
  state: MessageUrlState;
  set: (patch: UrlStatePatch<MessageUrlKey>) => void;
}) {
  // A search replaces an older ?recipient= link's filter, which has no box of its own now.
  const setSearch = useCallback((q: string) => set({ q, recipient: "" }), [set]);
  return (
    <FilterBar label="Filter messages" state={state} keys={MESSAGE_FILTER_KEYS} set={set}>
      <StatusFilter
        statuses={MESSAGE_STATUSES}
        info={MESSAGE_STATUS_INFO}
        value={state.status}
        onChange={(status) => set({ status })}
      />
      <EnvironmentFilter id="filter-environment" value={state.env} onChange={(env) => set({ env })} />
      <MessageSearchFilter id="filter-search" value={state.q || state.recipient} onChange={setSearch} />
      <DateRangeFilter since={state.since} until={state.until} set={set} />
    </FilterBar>
  );
}
