import type { Metadata } from "next";
import { Suspense } from "react";
import { RequireAction } from "@/components/dashboard/require-action";
import { AnalyticsPage } from "@/components/analytics/analytics-page";

export const metadata: Metadata = { title: "Analytics" };

export default function Page() {
  return (
    <RequireAction action="messages.read">
      {/* The range and environment are read from the query string (useSearchParams). */}
      <Suspense>
        <AnalyticsPage />
      </Suspense>
    </RequireAction>
  );
}
