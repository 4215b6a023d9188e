import { Suspense } from "react";
import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { DeliveryLogsPage } from "@/components/delivery-logs/delivery-logs-page";
import { TableSkeleton } from "@/components/ui/skeleton";

export const metadata: Metadata = { title: "Delivery logs" };

export default function Page() {
  return (
    <RequireAction action="webhooks.read">
      {/* The filters live in the query string (useSearchParams). */}
      <Suspense fallback={<TableSkeleton rows={5} columns={6} />}>
        <DeliveryLogsPage />
      </Suspense>
    </RequireAction>
  );
}
