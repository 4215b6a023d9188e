"use client";

import { useState } from "react";
import { Field, Input, Select } from "../ui/input";
import { EXPIRY_OPTIONS, expiresInFor, formatDate, type ExpiryChoice } from "./key-format";

/** Never / 30 / 90 / 365 days / a custom number of days; says on which date the key will stop. */
export function ExpiryField({
  choice,
  customDays,
  onChoiceChange,
  onCustomDaysChange,
  error,
}: {
  choice: ExpiryChoice;
  customDays: string;
  onChoiceChange: (choice: ExpiryChoice) => void;
  onCustomDaysChange: (days: string) => void;
  error?: string | null;
}) {
  // The dialog is mounted only while open: "now" is when it opened, close enough for a date.
  const [openedAt] = useState(() => Date.now());
  const { expiresIn } = expiresInFor(choice, customDays);
  const days = expiresIn ? Number(expiresIn.slice(0, -1)) : null;
  const hint =
    days === null
      ? choice === "never"
        ? "The key works until you disable or delete it."
        : "A whole number of days, from 1 to 3650."
      : `The key stops working on ${formatDate(new Date(openedAt + days * 86_400_000).toISOString())}.`;

  return (
    <Field label="Expiration" hint={hint} error={error}>
      {(p) => (
        <div className="flex gap-2">
          <Select
            {...p}
            name="expiry"
            value={choice}
            onChange={(e) => onChoiceChange(e.target.value as ExpiryChoice)}
            className="max-w-48"
          >
            {EXPIRY_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
          {choice === "custom" ? (
            <div className="flex items-center gap-2">
              <Input
                aria-label="Days until the key expires"
                name="expiryDays"
                inputMode="numeric"
                invalid={Boolean(error)}
                value={customDays}
                onChange={(e) => onCustomDaysChange(e.target.value)}
                placeholder="60"
                className="w-24"
                autoFocus
              />
              <span className="text-sm text-slate-500">days</span>
            </div>
          ) : null}
        </div>
      )}
    </Field>
  );
}
