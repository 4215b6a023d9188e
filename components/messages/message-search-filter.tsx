"use client";

import { messageSearchSchema } from "@/schemas/message-views";
import { SearchFilterField } from "../dashboard/search-filter-field";
import { useDebouncedFilter, type FilterCheck } from "../dashboard/use-debounced-filter";

// The typed text is applied as it is: the server parses it with the same schema.
const check: FilterCheck = (trimmed) => {
  const parsed = messageSearchSchema.safeParse(trimmed);
  return parsed.success ? { value: trimmed } : { error: parsed.error.issues[0]?.message ?? "Not a search." };
};

/**
 * The Messages search: a message id, a number or its beginning, or its last digits (what
 * messageSearchSchema accepts), applied once the server would accept it.
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
  const { text, setText, error } = useDebouncedFilter(value, onChange, check);
  return (
    <SearchFilterField
      id={id}
      label="Search"
      className="w-full sm:w-60"
      text={text}
      onText={setText}
      error={error}
      // Full width on a phone: the message wraps in the flow there.
      errorClassName="mt-1 sm:absolute sm:top-full sm:mt-0.5 sm:leading-4 sm:whitespace-nowrap"
      mono
      // Short enough for a phone; the title says the rest.
      placeholder="msg_…, +1415… or 0123"
      title="A message id, a whole number or its beginning, or its last digits (at least 3)"
    />
  );
}
