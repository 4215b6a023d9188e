"use client";

import { useCallback } from "react";
import { MESSAGE_STATUSES } from "@/schemas/messages";
import type { ListMessagesInput, MessageStatus } from "@/schemas/message-views";
import type { KeyEnvironment } from "@/schemas/api-keys";
import type { UrlStatePatch } from "../dashboard/use-url-state";
import { Input } from "../ui/input";
import { ClearFilters, FilterField, FilterSelect, RecipientFilter } from "./filter-controls";
import { MESSAGE_STATUS_INFO } from "./message-badges";
import { endOfDay, startOfDay } from "./message-format";

/** Query-string keys of the messages page; `message` is the open detail drawer. */
export const MESSAGE_URL_KEYS = ["status", "env", "recipient", "since", "until", "message"] as const;
export type MessageUrlKey = (typeof MESSAGE_URL_KEYS)[number];
export type MessageUrlState = Record<MessageUrlKey, string>;

const STATUS_OPTIONS = MESSAGE_STATUSES.map((value) => ({ value, label: MESSAGE_STATUS_INFO[value].label }));
export const ENVIRONMENT_OPTIONS: { value: KeyEnvironment; label: string }[] = [
  { value: "test", label: "Sandbox" },
  { value: "live", label: "Production" },
];

const isStatus = (v: string): v is MessageStatus => (MESSAGE_STATUSES as readonly string[]).includes(v);
const isEnvironment = (v: string): v is KeyEnvironment => v === "test" || v === "live";

/**
 * The list request for what the URL says. Values a hand-edited URL gets wrong are left out rather
 * than sent, so the page shows the unfiltered list instead of an error.
 */
export function messageListInput(state: MessageUrlState): Omit<ListMessagesInput, "cursor"> {
  const from = startOfDay(state.since);
  const until = endOfDay(state.until);
  return {
    ...(isStatus(state.status) ? { status: state.status } : {}),
    ...(isEnvironment(state.env) ? { environment: state.env } : {}),
    ...(state.recipient ? { to: state.recipient } : {}),
    ...(from ? { from } : {}),
    ...(until && (!from || from < until) ? { until } : {}),
  };
}

export function hasMessageFilters(state: MessageUrlState): boolean {
  return Boolean(state.status || state.env || state.recipient || state.since || state.until);
}

export function MessageFilters({
  state,
  set,
}: {
  state: MessageUrlState;
  set: (patch: UrlStatePatch<MessageUrlKey>) => void;
}) {
  const setRecipient = useCallback((recipient: string) => set({ recipient }), [set]);
  return (
    <div role="search" aria-label="Filter messages" className="mb-4 flex flex-wrap items-end gap-3">
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
        id="filter-environment"
        label="Environment"
        allLabel="All environments"
        width="w-48"
        value={isEnvironment(state.env) ? state.env : ""}
        options={ENVIRONMENT_OPTIONS}
        onChange={(env) => set({ env })}
      />
      <RecipientFilter id="filter-recipient" value={state.recipient} onChange={setRecipient} />
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
      {hasMessageFilters(state) ? (
        <ClearFilters onClear={() => set({ status: null, env: null, recipient: null, since: null, until: null })} />
      ) : null}
    </div>
  );
}
