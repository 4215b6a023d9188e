import type { Metadata } from "next";
import { HydrationBoundary } from "@tanstack/react-query";
import { CampaignDetailPage } from "@/components/campaigns/campaign-detail-page";
import { RequireAction } from "@/components/dashboard/require-action";
import { prefetchQueries } from "@/server/trpc/prefetch";

export const metadata: Metadata = { title: "Campaign" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  // The campaign (its name, status, progress and figures) is in the HTML; its chart and recipients follow.
  const state = await prefetchQueries((trpc, queryClient) =>
    queryClient.prefetchQuery(trpc.campaigns.get.queryOptions({ id })),
  );
  return (
    <HydrationBoundary state={state}>
      <RequireAction action="campaigns.read">
        <CampaignDetailPage campaignId={id} />
      </RequireAction>
    </HydrationBoundary>
  );
}
