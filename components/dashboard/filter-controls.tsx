"use client";

import { useState, type ReactNode } from "react";
import type { KeyEnvironment } from "@/schemas/api-keys";
import { cn } from "../ui/cn";
import { Select } from "../ui/input";
import { isOneOf } from "./use-url-state";
import { IsoDateInput } from "../ui/iso-date-input";
import { useEnvironment } from "./environment";
import { zoneName } from "../format/time";
import { useHydrated } from "../ui/use-hydrated";

/** A labelled filter control; the label sits above so the bar lines up on one baseline. */
export function FilterField({
  label,
  htmlFor,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  /** The width goes here: the kit's controls are full-width inside their wrapper. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn("space-y-1", className)}>
      <label htmlFor={htmlFor} className="block text-xs font-medium text-slate-500">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A select with an "all" choice first; a `value` that is none of the options shows as "all". */
export function FilterSelect<V extends string>({
  id,
  label,
  value,
  options,
  onChange,
  allLabel,
  width = "w-40",
}: {
  id: string;
  label: string;
  value: string;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | "") => void;
  allLabel: string;
  /** Tailwind width: the bar holds five filters and Clear on one line at laptop widths. */
  width?: string;
}) {
  const known = options.some((o) => o.value === value);
  return (
    <FilterField label={label} htmlFor={id} className={width}>
      <Select id={id} value={known ? value : ""} onChange={(e) => onChange(e.target.value as V | "")}>
        <option value="">{allLabel}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </Select>
    </FilterField>
  );
}

/** The Status select: the list's statuses in their canonical order, labelled as their badges are. */
export function StatusFilter<S extends string>({
  id = "filter-status",
  width = "w-36",
  statuses,
  info,
  value,
  onChange,
}: {
  id?: string;
  width?: string;
  statuses: readonly S[];
  info: Record<S, { label: string }>;
  value: string;
  onChange: (value: S | "") => void;
}) {
  return (
    <FilterSelect
      id={id}
      label="Status"
      allLabel="All statuses"
      width={width}
      value={value}
      options={statuses.map((status) => ({ value: status, label: info[status].label }))}
      onChange={onChange}
    />
  );
}

export const isEnvironment = (value: string): value is KeyEnvironment => isOneOf(["test", "live"], value);

/**
 * The Environment select of a list: `value` is the URL's `env` ("all" for both); without one the
 * list follows the header's switch, and choosing the switch's environment drops the parameter again.
 */
export function EnvironmentFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: KeyEnvironment | "all" | "") => void;
}) {
  const { environment } = useEnvironment();
  const shown = value === "all" || isEnvironment(value) ? value : environment;
  return (
    <FilterField label="Environment" htmlFor={id} className="w-44">
      <Select
        id={id}
        value={shown}
        onChange={(e) => {
          const next = e.target.value as KeyEnvironment | "all";
          onChange(next === environment ? "" : next);
        }}
      >
        {/* The API keys page's words for the two environments. */}
        <option value="all">All environments</option>
        <option value="test">Sandbox</option>
        <option value="live">Production</option>
      </Select>
    </FilterField>
  );
}

/** Since and Until days, written and shown as ISO dates (YYYY-MM-DD), each a day of the viewer's zone, named. */
export function DateRangeFilter({
  since,
  until,
  set,
}: {
  since: string;
  until: string;
  set: (patch: { since?: string; until?: string }) => void;
}) {
  // The server does not know the viewer's zone: the labels name it once the page runs in the browser.
  const [now] = useState(() => Date.now());
  const zone = useHydrated() ? ` (${zoneName(now)})` : "";
  return (
    <>
      <FilterField label={`Since${zone}`} htmlFor="filter-since" className="w-36">
        <IsoDateInput id="filter-since" value={since} onChange={(day) => set({ since: day })} />
      </FilterField>
      <FilterField label={`Until${zone}`} htmlFor="filter-until" className="w-36">
        <IsoDateInput id="filter-until" value={until} onChange={(day) => set({ until: day })} />
      </FilterField>
    </>
  );
}
