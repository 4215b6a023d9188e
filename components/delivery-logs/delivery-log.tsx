"use client";

import { useCallback, useState, type ReactNode } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { RefreshCw, ScrollText, SearchX } from "lucide-react";
import type { DeliveryPage } from "@/schemas/webhook-views";
import { Button } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { TableSkeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";
import { useUrlState } from "../dashboard/use-url-state";
import { DeliveriesTable } from "./deliveries-table";
import { DeliveryDrawer } from "./delivery-drawer";
import { DELIVERY_URL_KEYS, DeliveryFilters, deliveryListInput, hasDeliveryFilters } from "./delivery-filters";

const POLL_MS = 2_000;
/** Stop refreshing when nothing pending has moved for this long (a disabled webhook's queue). */
const POLL_QUIET_MS = 30_000;

/** Ids and attempt counts of deliveries being sent now: polling goes on while this keeps changing. */
function inFlight(pages: DeliveryPage[] | undefined): string {
  return (pages ?? [])
    .flatMap((p) => p.items)
    .filter((d) => d.status === "PENDING")
    .map((d) => `${d.id}:${d.attempts.length}`)
    .join(",");
}

/**
 * A delivery log with its filters in the URL, cursor paging and the detail drawer: the whole
 * organization's, or one webhook's (`webhookId`, which hides the webhook filter and column).
 */
export function DeliveryLog({ webhookId, emptyHint }: { webhookId?: string; emptyHint?: ReactNode }) {
  const trpc = useTRPC();
  const [url, setUrl] = useUrlState(DELIVERY_URL_KEYS);
  const [poll, setPoll] = useState({ key: "", since: 0 });
  const webhooks = useQuery({ ...trpc.webhooks.list.queryOptions(), enabled: !webhookId });

  const list = useInfiniteQuery(
    trpc.webhooks.deliveries.infiniteQueryOptions(deliveryListInput(url, webhookId), {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: (query) =>
        poll.key && query.state.dataUpdatedAt - poll.since < POLL_QUIET_MS ? POLL_MS : false,
    }),
  );
  const pending = inFlight(list.data?.pages);
  if (pending !== poll.key) setPoll({ key: pending, since: list.dataUpdatedAt });

  const open = useCallback((id: string) => setUrl({ delivery: id }, { push: true }), [setUrl]);
  const close = useCallback(() => setUrl({ delivery: null }), [setUrl]);
  const setFilters = useCallback((patch: Parameters<typeof setUrl>[0]) => setUrl(patch), [setUrl]);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const filtered = hasDeliveryFilters(url, !webhookId);

  return (
    <div>
      <DeliveryFilters state={url} set={setFilters} webhooks={webhookId ? null : (webhooks.data ?? [])}>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
          className="mb-0.5"
        >
          <RefreshCw aria-hidden className={list.isRefetching ? "size-4 animate-spin" : "size-4"} />
          Refresh
        </Button>
      </DeliveryFilters>

      {list.isPending ? (
        <TableSkeleton rows={5} columns={webhookId ? 5 : 6} />
      ) : list.isError ? (
        <ErrorState
          title="Could not load deliveries"
          message={errorMessage(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : items.length === 0 && filtered ? (
        <EmptyState icon={SearchX} title="No deliveries match these filters">
          Try another status or event{webhookId ? "" : ", another webhook"}, or a wider date range.
        </EmptyState>
      ) : items.length === 0 ? (
        <EmptyState icon={ScrollText} title="No deliveries yet">
          {emptyHint ??
            "When SignalGate notifies one of your webhook endpoints, the delivery is recorded here — succeeded, retrying or failed — with what your server answered."}
        </EmptyState>
      ) : (
        <>
          <DeliveriesTable
            deliveries={items}
            now={list.dataUpdatedAt}
            selectedId={url.delivery || null}
            onOpen={open}
            showWebhook={!webhookId}
          />
          <div className="mt-4 flex items-center justify-between gap-4 text-sm text-slate-500">
            <span className="tabular-nums">
              {items.length} {items.length === 1 ? "delivery" : "deliveries"}
              {list.hasNextPage ? " shown" : ""}
            </span>
            {list.hasNextPage ? (
              <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            ) : items.length > 25 ? (
              <span>That&apos;s all of them.</span>
            ) : null}
          </div>
        </>
      )}

      <DeliveryDrawer deliveryId={url.delivery || null} onClose={close} />
    </div>
  );
}
