"use client";

import { useEffect, useState } from "react";
import { Search } from "lucide-react";
import { messageSearchSchema } from "@/schemas/message-views";
import { Input } from "../ui/input";
import { FilterField } from "../dashboard/filter-controls";

/**
 * The Messages search: a message id, a number or its beginning, or its last digits (what
 * messageSearchSchema accepts). Applied 400 ms after typing stops, and only once the server would
 * accept it, so the list never flashes an error while typing.
 */
export function MessageSearchFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  // The URL changed from elsewhere (Clear filters, Back): show what it says now.
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const trimmed = text.trim();
  const parsed = trimmed === "" ? null : messageSearchSchema.safeParse(trimmed);
  const error = parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? "Not a search.") : null;
  const next = parsed?.success ? trimmed : "";

  useEffect(() => {
    if (error || next === value) return;
    const timer = setTimeout(() => onChange(next), 400);
    return () => clearTimeout(timer);
  }, [next, error, value, onChange]);

  return (
    <FilterField label="Search" htmlFor={id} className="w-full sm:w-60">
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-400" />
        <Input
          id={id}
          type="search"
          autoComplete="off"
          spellCheck={false}
          placeholder="msg_…, +1415…, or last digits"
          value={text}
          invalid={Boolean(error)}
          title="A message id, a whole number or its beginning, or its last digits (at least 3)"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          className="pl-8 font-mono text-[13px]"
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-xs text-red-600 sm:absolute sm:top-full sm:whitespace-nowrap">
            {error}
          </p>
        ) : null}
      </div>
    </FilterField>
  );
}
