"use client";

import { useEffect, useState } from "react";
import { Search } from "lucide-react";
import { recipientFilterSchema } from "@/schemas/message-views";
import { Input } from "../ui/input";
import { FilterField } from "./filter-controls";

/**
 * The recipient filter: applied 400 ms after typing stops, and only once it is a number or the
 * beginning of one (what the server accepts), so the list never flashes an error while typing.
 */
export function RecipientFilter({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The URL changed from elsewhere (Clear filters, Back): show what it says now.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const parsed = text.trim() === "" ? null : recipientFilterSchema.safeParse(text);
  const error = parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? "Not a phone number.") : null;
  const next = parsed?.success ? parsed.data : "";

  useEffect(() => {
    if (error || next === value) return;
    const timer = setTimeout(() => onChange(next), 400);
    return () => clearTimeout(timer);
  }, [next, error, value, onChange]);

  return (
    <FilterField label="Recipient" htmlFor={id} className="w-36">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" />
        <Input
          id={id}
          type="search"
          inputMode="tel"
          autoComplete="off"
          spellCheck={false}
          placeholder="+1415…"
          value={text}
          invalid={Boolean(error)}
          title="A whole number or its beginning"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          className="pl-8 font-mono text-[13px]"
        />
        {error ? (
          // Below the bar's baseline, so a message never pushes the other filters around.
          <p id={`${id}-error`} className="absolute top-full mt-1 text-xs whitespace-nowrap text-red-600">
            {error}
          </p>
        ) : null}
      </div>
    </FilterField>
  );
}
