import type { Metadata } from "next";
import { CampaignBuilder } from "@/components/campaigns/campaign-builder";
import { RequireAction } from "@/components/dashboard/require-action";

export const metadata: Metadata = { title: "New campaign" };

export default function Page() {
  return (
    <RequireAction action="campaigns.manage">
      <CampaignBuilder campaign={null} />
    </RequireAction>
  );
}
