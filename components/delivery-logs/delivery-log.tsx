"use client";

import { useCallback, type ReactNode } from "react";
import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { ScrollText, SearchX } from "lucide-react";
import type { DeliveryPage } from "@/schemas/webhook-views";
import { RefreshButton } from "../ui/refresh-button";
import { EmptyState } from "../ui/empty-state";
import { useTRPC } from "../trpc/client";
import { hasFilters } from "../dashboard/filter-bar";
import { PagedList } from "../dashboard/paged-list";
import { usePollWhileMoving } from "../dashboard/use-poll-while-moving";
import { useUrlState } from "../dashboard/use-url-state";
import { DeliveriesTable } from "./deliveries-table";
import { DeliveryDrawer } from "./delivery-drawer";
import { DeliveryFilters } from "./delivery-filters";
import { DELIVERY_URL_KEYS, deliveryFilterKeys, deliveryListInput } from "./delivery-input";

const POLL_MS = 2_000;
/** Stop refreshing fast when nothing pending has moved for this long (a disabled webhook's queue). */
const POLL_QUIET_MS = 30_000;
/** New deliveries arrive on their own: otherwise the log refreshes at this pace (and has Refresh). */
const LIVE_REFRESH_MS = 15_000;

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
  const poll = usePollWhileMoving(POLL_MS, POLL_QUIET_MS);
  const webhooks = useQuery({ ...trpc.webhooks.list.queryOptions(), enabled: !webhookId });

  const list = useInfiniteQuery(
    trpc.webhooks.deliveries.infiniteQueryOptions(deliveryListInput(url, webhookId), {
      getNextPageParam: (last) => last.nextCursor ?? undefined,
      refetchInterval: (query) => poll.refetchInterval(query) || LIVE_REFRESH_MS,
    }),
  );
  poll.track(inFlight(list.data?.pages), list.dataUpdatedAt);

  const open = useCallback((id: string) => setUrl({ delivery: id }, { push: true }), [setUrl]);
  const close = useCallback(() => setUrl({ delivery: null }), [setUrl]);
  const setFilters = useCallback((patch: Parameters<typeof setUrl>[0]) => setUrl(patch), [setUrl]);

  return (
    <div>
      <DeliveryFilters state={url} set={setFilters} webhooks={webhookId ? null : (webhooks.data ?? [])}>
        <RefreshButton list={list} />
      </DeliveryFilters>

      <PagedList
        list={list}
        columns={webhookId ? 5 : 6}
        errorTitle="Could not load deliveries"
        noun={["delivery", "deliveries"]}
        empty={
          hasFilters(url, deliveryFilterKeys(!webhookId)) ? (
            <EmptyState icon={SearchX} title="No deliveries match these filters">
              Try another status or event{webhookId ? "" : ", another webhook"}, or a wider date range.
            </EmptyState>
          ) : (
            <EmptyState icon={ScrollText} title="No deliveries yet">
              {emptyHint ??
                "When SignalGate notifies one of your webhook endpoints, the delivery is recorded here — succeeded, retrying or failed — with what your server answered."}
            </EmptyState>
          )
        }
      >
        {(items) => (
          <DeliveriesTable
            deliveries={items}
            now={list.dataUpdatedAt}
            selectedId={url.delivery || null}
            onOpen={open}
            showWebhook={!webhookId}
          />
        )}
      </PagedList>

      <DeliveryDrawer deliveryId={url.delivery || null} onClose={close} />
    </div>
  );
}
