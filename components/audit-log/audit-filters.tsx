"use client";

import type { ReactNode } from "react";
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_RESOURCE_LABELS,
  AUDIT_RESOURCE_TYPES,
  type ListAuditLogInput,
} from "@/schemas/audit-log";
import { isOneOf, type UrlStatePatch } from "../dashboard/use-url-state";
import { FilterBar } from "../dashboard/filter-bar";
import { DateRangeFilter, FilterSelect } from "../dashboard/filter-controls";
import { dayRange } from "../messages/message-format";

/** Query-string keys of the audit log page. */
export const AUDIT_URL_KEYS = ["actor", "action", "resource", "since", "until"] as const;
export type AuditUrlKey = (typeof AUDIT_URL_KEYS)[number];
export type AuditUrlState = Record<AuditUrlKey, string>;

const ACTION_OPTIONS = AUDIT_ACTIONS.map((value) => ({ value, label: AUDIT_ACTION_LABELS[value] }));
const RESOURCE_OPTIONS = AUDIT_RESOURCE_TYPES.map((value) => ({ value, label: AUDIT_RESOURCE_LABELS[value] }));
const ACTOR_ID = /^(usr|key)_[0-9A-Za-z]+$/;

/** The list request for what the URL says; values a hand-edited URL gets wrong are left out. */
export function auditListInput(state: AuditUrlState): ListAuditLogInput {
  return {
    ...(ACTOR_ID.test(state.actor) ? { actor: state.actor } : {}),
    ...(isOneOf(AUDIT_ACTIONS, state.action) ? { action: state.action } : {}),
    ...(isOneOf(AUDIT_RESOURCE_TYPES, state.resource) ? { resourceType: state.resource } : {}),
    ...dayRange(state.since, state.until),
  };
}

export function AuditFilters({
  state,
  set,
  members,
  children,
}: {
  state: AuditUrlState;
  set: (patch: UrlStatePatch<AuditUrlKey>) => void;
  /** The actor filter's choices: the organization's members. */
  members: { userId: string; email: string; name: string | null }[];
  /** Extra controls at the end of the bar (Refresh). */
  children?: ReactNode;
}) {
  return (
    <FilterBar label="Filter the audit log" state={state} keys={AUDIT_URL_KEYS} set={set} end={children}>
      <FilterSelect
        id="filter-actor"
        label="Actor"
        allLabel="Everyone"
        width="w-56"
        value={state.actor}
        options={members.map((m) => ({ value: m.userId, label: m.name ? `${m.name} (${m.email})` : m.email }))}
        onChange={(actor) => set({ actor })}
      />
      <FilterSelect
        id="filter-action"
        label="Action"
        allLabel="All actions"
        width="w-56"
        value={state.action}
        options={ACTION_OPTIONS}
        onChange={(action) => set({ action })}
      />
      <FilterSelect
        id="filter-resource"
        label="Resource"
        allLabel="All resources"
        width="w-40"
        value={state.resource}
        options={RESOURCE_OPTIONS}
        onChange={(resource) => set({ resource })}
      />
      <DateRangeFilter since={state.since} until={state.until} set={set} />
    </FilterBar>
  );
}
