import type { Metadata } from "next";
import { CampaignDetailPage } from "@/components/campaigns/campaign-detail-page";
import { RequireAction } from "@/components/dashboard/require-action";

export const metadata: Metadata = { title: "Campaign" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RequireAction action="campaigns.read">
      <CampaignDetailPage campaignId={id} />
    </RequireAction>
  );
}
