import type { Metadata } from "next";
import { CampaignsPage } from "@/components/campaigns/campaigns-page";
import { RequireAction } from "@/components/dashboard/require-action";

export const metadata: Metadata = { title: "Campaigns" };

export default function Page() {
  return (
    <RequireAction action="campaigns.read">
      <CampaignsPage />
    </RequireAction>
  );
}
