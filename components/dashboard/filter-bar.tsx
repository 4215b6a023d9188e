"use client";

import type { ReactNode } from "react";
import { X } from "lucide-react";
import { Button } from "../ui/button";
import type { UrlStatePatch } from "./use-url-state";

/** Whether any of the filters in `keys` is set. */
export function hasFilters<K extends string>(state: Record<K, string>, keys: readonly K[]): boolean {
  return keys.some((k) => Boolean(state[k]));
}

/**
 * A list's filter bar: the filters (`children`), Clear filters while any of `keys` is set, and
 * `end` (Refresh) pushed to the right. Filters sit on one baseline and wrap on narrow screens.
 */
export function FilterBar<K extends string>({
  label,
  state,
  keys,
  set,
  end,
  children,
}: {
  label: string;
  state: Record<K, string>;
  keys: readonly K[];
  set: (patch: UrlStatePatch<K>) => void;
  end?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div role="search" aria-label={label} className="mb-5 flex flex-wrap items-end gap-3">
      {children}
      {hasFilters(state, keys) ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => set(Object.fromEntries(keys.map((k) => [k, null])) as UrlStatePatch<K>)}
          className="mb-0.5"
        >
          <X aria-hidden className="size-4" />
          Clear filters
        </Button>
      ) : null}
      {end ? <div className="ml-auto">{end}</div> : null}
    </div>
  );
}
