"use client";

import { CHECKBOX, CheckboxGroup, CheckboxGroupsField, CheckboxOption } from "../ui/checkbox-groups";
import { ALL_EVENTS, EVENT_DESCRIPTIONS, EVENT_GROUPS, orderEvents, type WebhookEvent } from "./events";

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
    <CheckboxGroupsField
      legend="Events"
      summary={<span className="text-xs text-slate-500">{all ? "All events" : `${selected.size} selected`}</span>}
      error={error}
      hint={
        <>
          A delivery carries the name you subscribed with: subscribe to <code className="font-mono">sms.delivered</code>{" "}
          to receive delivery events under that name.
        </>
      }
    >
      <label className="flex items-start gap-2.5 px-3 py-2.5 hover:bg-slate-50">
        <input
          type="checkbox"
          name="events"
          value={ALL_EVENTS}
          checked={all}
          onChange={(e) => onChange(e.target.checked ? [ALL_EVENTS] : [])}
          className={CHECKBOX}
        />
        <span className="min-w-0">
          <span className="block text-sm font-medium text-slate-900">
            All events <code className="font-mono text-[13px] font-normal text-slate-500">(*)</code>
          </span>
          <span className="block text-xs leading-snug text-slate-500">{EVENT_DESCRIPTIONS["*"]}</span>
        </span>
      </label>
      {EVENT_GROUPS.map((group) => (
        <CheckboxGroup
          key={group.label}
          label={group.label}
          groupLabel={`All ${group.label} events`}
          chosen={all ? group.events.length : group.events.filter((e) => selected.has(e)).length}
          total={group.events.length}
          disabled={all}
          onToggle={(on) => toggle(group.events, on)}
          columns="sm:grid-cols-[8rem_1fr]"
        >
          {group.events.map((event) => (
            <CheckboxOption
              key={event}
              name="events"
              value={event}
              checked={all || selected.has(event)}
              disabled={all}
              onChange={(on) => toggle([event], on)}
              description={EVENT_DESCRIPTIONS[event]}
            />
          ))}
        </CheckboxGroup>
      ))}
    </CheckboxGroupsField>
  );
}
