import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { AnalyticsPage } from "@/components/analytics/analytics-page";

export const metadata: Metadata = { title: "Analytics" };

export default function Page() {
  return (
    <RequireAction action="messages.read">
      <AnalyticsPage />
    </RequireAction>
  );
}
