import type { Metadata } from "next";
import { HydrationBoundary } from "@tanstack/react-query";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { urlStateOf, type SearchParams } from "@/components/dashboard/url-values";
import { DeliveryLogsPage } from "@/components/delivery-logs/delivery-logs-page";
import { DELIVERY_URL_KEYS, deliveryListInput } from "@/components/delivery-logs/delivery-input";
import { prefetchQueries } from "@/server/trpc/prefetch";

export const metadata: Metadata = { title: "Delivery logs" };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const url = urlStateOf(DELIVERY_URL_KEYS, await searchParams);
  // The first page of the log, its webhook filter and the retention line, in the HTML. Days are the
  // viewer's, which the server does not know: a log filtered by day is fetched by the browser.
  const state =
    url.since || url.until
      ? undefined
      : await prefetchQueries((trpc, queryClient) =>
          Promise.all([
            queryClient.prefetchInfiniteQuery(
              trpc.webhooks.deliveries.infiniteQueryOptions(deliveryListInput(url), {
                getNextPageParam: (last) => last.nextCursor ?? undefined,
              }),
            ),
            queryClient.prefetchQuery(trpc.webhooks.list.queryOptions()),
            queryClient.prefetchQuery(trpc.retention.policy.queryOptions()),
          ]),
        );
  // Outermost: the retention line beside the list reads the prefetched policy too, and hydrates first.
  return (
    <HydrationBoundary state={state}>
      <UrlStatePage action="webhooks.read" columns={6} retention="deliveryLogs">
        <DeliveryLogsPage />
      </UrlStatePage>
    </HydrationBoundary>
  );
}
