/** Narrows a query-string value to one of `values`; a hand-edited URL may hold anything. */
export function isOneOf<V extends string>(values: readonly V[], value: string): value is V {
  return (values as readonly string[]).includes(value);
}

export type SearchParams = Record<string, string | string[] | undefined>;

/** A page's URL state read on the server from its searchParams: what useUrlState reads in the browser. */
export function urlStateOf<K extends string>(keys: readonly K[], params: SearchParams): Record<K, string> {
  return Object.fromEntries(
    keys.map((k) => {
      const value = params[k];
      return [k, (Array.isArray(value) ? value[0] : value) ?? ""];
    }),
  ) as Record<K, string>;
}
