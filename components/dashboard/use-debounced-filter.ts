"use client";

import { useEffect, useState } from "react";

/** What a filter makes of its trimmed, non-empty text: the value to apply, or why it cannot be. */
export type FilterCheck = (trimmed: string) => { value: string } | { error: string };

const acceptAll: FilterCheck = (trimmed) => ({ value: trimmed });

/**
 * A text filter's state: what is typed (`text`), applied through `onChange` 400 ms after typing
 * stops, and only once `check` accepts it (the same schema the server validates with), so a list
 * never flashes an error while typing. An empty box clears the filter. When `value` changes from
 * elsewhere (Clear filters, Back), the box shows what it says now.
 */
export function useDebouncedFilter(value: string, onChange: (v: string) => void, check: FilterCheck = acceptAll) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    setApplied(value);
    setText(value);
  }
  const trimmed = text.trim();
  const result = trimmed === "" ? { value: "" } : check(trimmed);
  const error = "error" in result ? result.error : null;
  const next = "error" in result ? "" : result.value;

  useEffect(() => {
    if (error !== null || next === value) return;
    const timer = setTimeout(() => onChange(next), 400);
    return () => clearTimeout(timer);
  }, [next, error, value, onChange]);

  return { text, setText, error };
}
