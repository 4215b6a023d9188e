"use client";

import { useState } from "react";
import { isIsoDay } from "../format/time";
import { Input, type InputProps } from "./input";

/**
 * A day typed and shown as ISO 8601 ("2026-11-26"), whatever the browser's locale (a native date
 * input shows 11/26/2026 in the US and 26/11/2026 elsewhere). The draft is kept while typing;
 * `onChange` hears only a real day or "" (cleared), so a half-typed day never reaches a query.
 */
export function IsoDateInput({
  value,
  onChange,
  ...rest
}: { value: string; onChange: (day: string) => void } & Omit<InputProps, "value" | "onChange" | "type">) {
  const [draft, setDraft] = useState(value);
  const [previous, setPrevious] = useState(value);
  // The value changed (the typed day arrived, Back, a cleared filter): show it. Only a change of
  // the value itself: it may lag behind the draft while the URL updates.
  if (value !== previous) {
    setPrevious(value);
    setDraft(value);
  }
  const invalid = draft !== "" && draft.length >= 10 && !isIsoDay(draft);
  return (
    <Input
      {...rest}
      type="text"
      inputMode="numeric"
      placeholder="YYYY-MM-DD"
      maxLength={10}
      value={draft}
      invalid={invalid}
      title={invalid ? "Not a day: write YYYY-MM-DD, e.g. 2026-11-26" : rest.title}
      onChange={(e) => {
        const next = e.target.value.trim();
        setDraft(next);
        if (next === "" || isIsoDay(next)) onChange(next);
      }}
      className={`font-mono tabular-nums ${rest.className ?? ""}`}
    />
  );
}
