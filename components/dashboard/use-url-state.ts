"use client";

import { useCallback, useEffect, useMemo, useRef } from "react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";

export type UrlStatePatch<K extends string> = Partial<Record<K, string | null>>;

/**
 * Page state kept in the query string (filters, the open row), so a view can be reloaded, shared
 * and navigated back to. Values are plain strings, "" when absent; each page parses its own.
 * Filters replace the history entry (no Back press per keystroke); `push` adds one.
 */
export function useUrlState<K extends string>(keys: readonly K[]) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();

  const serialized = params.toString();
  const values = useMemo(() => {
    const current = new URLSearchParams(serialized);
    return Object.fromEntries(keys.map((k) => [k, current.get(k) ?? ""])) as Record<K, string>;
    // `keys` is a module constant at every call site; the query string is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serialized]);

  // The query string asked for last: two changes before the router has updated the URL (a day
  // typed, then a button pressed) both apply, rather than the second undoing the first.
  const latest = useRef(serialized);
  useEffect(() => {
    latest.current = serialized;
  }, [serialized]);

  const set = useCallback(
    (patch: UrlStatePatch<K>, { push = false }: { push?: boolean } = {}) => {
      const next = new URLSearchParams(latest.current);
      for (const [k, v] of Object.entries(patch) as [K, string | null | undefined][]) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      const query = next.toString();
      latest.current = query;
      const href = query ? `${pathname}?${query}` : pathname;
      if (push) router.push(href, { scroll: false });
      else router.replace(href, { scroll: false });
    },
    [pathname, router],
  );

  return [values, set] as const;
}

// Client-safe and server-safe: pages that prefetch on the server parse the URL the same way.
export { isOneOf } from "./url-values";
