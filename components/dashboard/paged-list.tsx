"use client";

import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { ErrorState } from "../ui/error-state";
import { TableSkeleton } from "../ui/skeleton";

/** The parts of an infinite query (cursor pages of `items`) a paged list shows. */
export interface PagedQuery<T> {
  data: { pages: { items: T[] }[] } | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A cursor-paged list's states: a table-shaped skeleton, the error with Try again, `empty` when
 * there is nothing to show, else the table (`children`) with its count and Load more under it.
 */
export function PagedList<T>({
  list,
  columns,
  errorTitle,
  empty,
  noun,
  sayWhenAll = true,
  children,
}: {
  list: PagedQuery<T>;
  /** The skeleton's columns, as many as the table will have. */
  columns: number;
  errorTitle: string;
  empty: ReactNode;
  /** What a row is, singular and plural: "3 messages". */
  noun: readonly [string, string];
  /** Under a list longer than a page, say when every page is loaded. */
  sayWhenAll?: boolean;
  children: (items: T[]) => ReactNode;
}) {
  if (list.isPending) return <TableSkeleton rows={5} columns={columns} />;
  if (list.isError) {
    return <ErrorState title={errorTitle} error={list.error} onRetry={() => void list.refetch()} />;
  }
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (items.length === 0) return empty;
  return (
    <>
      {children(items)}
      <div className="mt-4 flex items-center justify-between gap-4 text-sm text-slate-500">
        <span className="tabular-nums">
          {items.length} {items.length === 1 ? noun[0] : noun[1]}
          {list.hasNextPage ? " shown" : ""}
        </span>
        {list.hasNextPage ? (
          <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            Load more
          </Button>
        ) : sayWhenAll && items.length > 25 ? (
          <span>That&apos;s all of them.</span>
        ) : null}
      </div>
    </>
  );
}
