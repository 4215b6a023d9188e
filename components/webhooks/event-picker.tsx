"use client";

import { useEffect, useId, useRef } from "react";
import { cn } from "../ui/cn";
import { ALL_EVENTS, EVENT_DESCRIPTIONS, EVENT_GROUPS, orderEvents, type WebhookEvent } from "./events";

const checkbox = "mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-indigo-600 disabled:opacity-60";

function GroupCheckbox({
  label,
  checked,
  indeterminate,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` exists only as a DOM property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
      className={checkbox}
    />
  );
}

/**
 * Events grouped by area, each with what it means. "All events" stands for every event including
 * ones added later, so while it is on the single events show as included and cannot be toggled.
 */
export function EventPicker({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (next: WebhookEvent[]) => void;
  error?: string | null;
}) {
  const id = useId();
  const selected = new Set(value);
  const all = selected.has(ALL_EVENTS);
  const toggle = (events: WebhookEvent[], on: boolean) => {
    const next = new Set(selected);
    for (const e of events) {
      if (on) next.add(e);
      else next.delete(e);
    }
    onChange(orderEvents(next));
  };

  return (
    <fieldset aria-describedby={error ? `${id}-error` : `${id}-hint`} className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <legend className="text-sm font-medium text-slate-700">Events</legend>
        <span className="text-xs text-slate-500">{all ? "All events" : `${selected.size} selected`}</span>
      </div>
      <div
        className={cn(
          "divide-y divide-slate-100 rounded-lg ring-1 ring-inset",
          error ? "ring-red-300" : "ring-slate-200",
        )}
      >
        <label className="flex items-start gap-2.5 px-3 py-2.5 hover:bg-slate-50">
          <input
            type="checkbox"
            name="events"
            value={ALL_EVENTS}
            checked={all}
            onChange={(e) => onChange(e.target.checked ? [ALL_EVENTS] : [])}
            className={checkbox}
          />
          <span className="min-w-0">
            <span className="block text-sm font-medium text-slate-900">
              All events <code className="font-mono text-[13px] font-normal text-slate-500">(*)</code>
            </span>
            <span className="block text-xs leading-snug text-slate-500">{EVENT_DESCRIPTIONS["*"]}</span>
          </span>
        </label>
        {EVENT_GROUPS.map((group) => {
          const count = group.events.filter((e) => selected.has(e)).length;
          return (
            <div key={group.label} className="grid gap-x-4 gap-y-1 px-3 py-2 sm:grid-cols-[8rem_1fr]">
              <label className="flex items-start gap-2.5 self-start py-1">
                <GroupCheckbox
                  label={`All ${group.label} events`}
                  checked={all || count === group.events.length}
                  indeterminate={!all && count > 0 && count < group.events.length}
                  disabled={all}
                  onChange={(on) => toggle(group.events, on)}
                />
                <span className={cn("text-sm font-medium", all ? "text-slate-500" : "text-slate-900")}>
                  {group.label}
                </span>
              </label>
              <div className="grid gap-x-2 pl-6.5 sm:grid-cols-2 sm:pl-0">
                {group.events.map((event) => (
                  <label
                    key={event}
                    className={cn("flex items-start gap-2.5 rounded-md px-1 py-1", !all && "hover:bg-slate-50")}
                  >
                    <input
                      type="checkbox"
                      name="events"
                      value={event}
                      checked={all || selected.has(event)}
                      disabled={all}
                      onChange={(e) => toggle([event], e.target.checked)}
                      className={checkbox}
                    />
                    <span className="min-w-0">
                      <span className="block font-mono text-[13px] text-slate-800">{event}</span>
                      <span className="block text-xs leading-snug text-slate-500">{EVENT_DESCRIPTIONS[event]}</span>
                    </span>
                  </label>
                ))}
              </div>
            </div>
          );
        })}
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-600">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          A delivery carries the name you subscribed with: subscribe to <code className="font-mono">sms.delivered</code>{" "}
          to receive delivery events under that name.
        </p>
      )}
    </fieldset>
  );
}
