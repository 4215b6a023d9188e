"use client";

import { recipientFilterSchema } from "@/schemas/message-views";
import { SearchFilterField } from "./search-filter-field";
import { useDebouncedFilter, type FilterCheck } from "./use-debounced-filter";

// Applied normalised ("(415) 555" → "+415555"), as the server reads it.
const check: FilterCheck = (trimmed) => {
  const parsed = recipientFilterSchema.safeParse(trimmed);
  return parsed.success ? { value: parsed.data } : { error: parsed.error.issues[0]?.message ?? "Not a phone number." };
};

/** The recipient filter: a number or the beginning of one, applied once the server would accept it. */
export function RecipientFilter({ id, value, onChange }: { id: string; value: string; onChange: (v: string) => void }) {
  const { text, setText, error } = useDebouncedFilter(value, onChange, check);
  return (
    <SearchFilterField
      id={id}
      label="Recipient"
      className="w-36"
      text={text}
      onText={setText}
      error={error}
      mono
      inputMode="tel"
      placeholder="+1415…"
      title="A whole number or its beginning"
    />
  );
}
