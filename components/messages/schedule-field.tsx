"use client";

import { useState } from "react";
import { Field, Input } from "../ui/input";
import { formatLocalAndUtc, fromLocalInputValue, localZoneName, toLocalInputValue } from "./schedule-format";

/**
 * "Send later" for the test SMS dialog (contract §11): off by default; on, a date and time in the
 * viewer's zone, shown again in UTC, between 60 seconds and 35 days from now.
 */
export function ScheduleField({
  enabled,
  value,
  error,
  onChange,
}: {
  enabled: boolean;
  value: string;
  error?: string;
  onChange: (patch: { scheduled?: boolean; sendAt?: string }) => void;
}) {
  const at = fromLocalInputValue(value);
  // The window's edges as of when the dialog opened (the server checks the exact window again).
  const [now] = useState(() => Date.now());
  return (
    <div className="space-y-2">
      <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          name="scheduled"
          checked={enabled}
          onChange={(e) =>
            onChange({
              scheduled: e.target.checked,
              // A sensible first value: ten minutes from now.
              ...(e.target.checked && !value ? { sendAt: toLocalInputValue(new Date(Date.now() + 10 * 60_000)) } : {}),
            })
          }
          className="size-4 rounded border-slate-300 text-indigo-600"
        />
        Send later
      </label>
      {enabled ? (
        <Field
          label={`Send at (${localZoneName()})`}
          error={error}
          hint={
            at ? (
              <span data-testid="send-at-utc">{formatLocalAndUtc(at).utc} · from 60 seconds to 35 days ahead</span>
            ) : (
              "From 60 seconds to 35 days ahead."
            )
          }
        >
          {(p) => (
            <Input
              {...p}
              name="sendAt"
              type="datetime-local"
              value={value}
              min={toLocalInputValue(new Date(now + 60_000))}
              max={toLocalInputValue(new Date(now + 35 * 86_400_000))}
              onChange={(e) => onChange({ sendAt: e.target.value })}
              className="max-w-64"
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}
