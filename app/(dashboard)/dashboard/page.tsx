import type { Metadata } from "next";
import { headers } from "next/headers";
import { HydrationBoundary } from "@tanstack/react-query";
import { OverviewPage } from "@/components/overview/overview-page";
import { requestOrigin } from "@/server/http/request-origin";
import { prefetchQueries } from "@/server/trpc/prefetch";

export const metadata: Metadata = { title: "Overview" };

export default async function Page() {
  // The setup checklist is in the HTML, so the greeting and the card do not move after the page loads.
  const state = await prefetchQueries((trpc, queryClient) =>
    queryClient.prefetchQuery(trpc.onboarding.status.queryOptions()),
  );
  return (
    <HydrationBoundary state={state}>
      {/* The address this dashboard was reached at, for the copy-pasteable first call. */}
      <OverviewPage baseUrl={requestOrigin(await headers())} />
    </HydrationBoundary>
  );
}
