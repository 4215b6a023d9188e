"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../trpc/client";
import { DebouncedFilter } from "./debounced-filter";

/**
 * The tag filter with a picker: while typing, the organization's tags beginning with the text (any
 * case) are offered with how many contacts carry each (contacts.tags, a range of the tag table).
 * Any case matches: "vip" finds contacts tagged "VIP".
 */
export function TagFilter({ value, onChange }: { value: string; onChange: (tag: string) => void }) {
  const trpc = useTRPC();
  const [prefix, setPrefix] = useState(value);
  const tags = useQuery(trpc.contacts.tags.queryOptions(prefix ? { prefix } : {}, { staleTime: 30_000 }));
  return (
    <DebouncedFilter
      id="contacts-filter-tag"
      label="Tag"
      width="w-full sm:w-44"
      placeholder="e.g. vip"
      value={value}
      onChange={onChange}
      onType={setPrefix}
      list="contacts-tag-options"
    >
      <datalist id="contacts-tag-options" data-testid="tag-options">
        {(tags.data ?? []).map((t) => (
          <option key={t.tag} value={t.tag} label={`${t.contacts.toLocaleString("en")} contacts`} />
        ))}
      </datalist>
    </DebouncedFilter>
  );
}
