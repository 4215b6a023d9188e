"use client";

import type { ReactNode } from "react";
import type { InfiniteData } from "@tanstack/react-query";
import { Drawer } from "../ui/drawer";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { shortId } from "../messages/message-format";

/** The parts of a by-id query the drawer shows. */
export interface DetailQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => Promise<unknown>;
}

/**
 * One record of a list in a side panel, open while `id` is set: titled with what it is and its
 * short id, a skeleton shaped like its timeline while it loads, the error with Try again, then
 * `children` with the record.
 */
export function DetailDrawer<T>({
  noun,
  id,
  onClose,
  query,
  errorTitle,
  description,
  footer,
  skeleton,
  children,
}: {
  /** "Message": the title, before the id. */
  noun: string;
  id: string | null;
  onClose: () => void;
  query: DetailQuery<T>;
  errorTitle: string;
  description: ReactNode;
  footer?: ReactNode;
  /** Timeline steps, and the height of the block under them. */
  skeleton: { steps: number; blockClassName: string };
  children: (record: T) => ReactNode;
}) {
  return (
    <Drawer
      open={id !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={
        <span className="flex items-center gap-2">
          {noun}
          {id ? (
            <code className="font-mono text-[13px] font-normal text-slate-500" title={id}>
              {shortId(id)}
            </code>
          ) : null}
        </span>
      }
      description={description}
      footer={footer}
    >
      {query.isPending ? (
        <DrawerSkeleton {...skeleton} />
      ) : query.isError ? (
        <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data ? (
        children(query.data)
      ) : null}
    </Drawer>
  );
}

function DrawerSkeleton({ steps, blockClassName }: { steps: number; blockClassName: string }) {
  return (
    <div role="status" aria-label="Loading" className="space-y-6">
      {Array.from({ length: steps }, (_, i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-6 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-24" />
            <Skeleton className="h-3 w-48" />
          </div>
        </div>
      ))}
      <Skeleton className={`w-full ${blockClassName}`} />
    </div>
  );
}

/** The drawer's timeline under its heading (`id` labels the section). */
export function TimelineSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The cached list pages with row `id` updated by `patch`: the list's rows show what the drawer
 * shows (status, last attempt), so they are kept in step with it without refetching the list.
 */
export function patchListItem<T extends { id: string }, P extends { items: T[] }>(
  data: ListCache<P> | undefined,
  id: string,
  patch: Partial<T>,
): ListCache<P> | undefined {
  if (!data) return data;
  const patchPage = (page: P): P => ({
    ...page,
    items: page.items.map((item) => (item.id === id ? { ...item, ...patch } : item)),
  });
  return isInfinite(data) ? { ...data, pages: data.pages.map(patchPage) } : patchPage(data);
}

/**
 * What a list procedure's query caches: the pages of an infinite query (a list page), or one page
 * of a plain query of the same procedure (a message drawer's few deliveries, a contact's latest
 * messages). A cache update by the procedure's path key meets both.
 */
export type ListCache<P> = InfiniteData<P> | P;

function isInfinite<P>(data: ListCache<P>): data is InfiniteData<P> {
  return typeof data === "object" && data !== null && "pages" in data && Array.isArray(data.pages);
}
