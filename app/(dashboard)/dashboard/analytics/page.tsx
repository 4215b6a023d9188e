import type { Metadata } from "next";
import { Suspense } from "react";
import { HydrationBoundary } from "@tanstack/react-query";
import { RequireAction } from "@/components/dashboard/require-action";
import { AnalyticsPage } from "@/components/analytics/analytics-page";
import { analyticsQueries, analyticsSelection, ANALYTICS_URL_KEYS } from "@/components/analytics/selection";
import { urlStateOf, type SearchParams } from "@/components/dashboard/url-values";
import { prefetchQueries } from "@/server/trpc/prefetch";
import { dashboardScope } from "../../dashboard-scope";

export const metadata: Metadata = { title: "Analytics" };

export default async function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  // The page's three queries, answered while the server renders it: the figures are in the HTML.
  const selection = analyticsSelection(
    urlStateOf(ANALYTICS_URL_KEYS, await searchParams),
    (await dashboardScope())?.environment ?? "test",
  );
  const { range } = selection;
  const state = range
    ? await prefetchQueries((trpc, queryClient) => {
        const inputs = analyticsQueries({ ...selection, range });
        return Promise.all([
          queryClient.prefetchQuery(trpc.analytics.messages.queryOptions(inputs.messages)),
          queryClient.prefetchQuery(trpc.analytics.messages.queryOptions(inputs.countries)),
          queryClient.prefetchQuery(trpc.analytics.otp.queryOptions(inputs.otp)),
        ]);
      })
    : undefined;
  return (
    <HydrationBoundary state={state}>
      <RequireAction action="messages.read">
        {/* The range and environment are read from the query string (useSearchParams). */}
        <Suspense>
          <AnalyticsPage />
        </Suspense>
      </RequireAction>
    </HydrationBoundary>
  );
}
