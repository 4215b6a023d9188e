import type { Metadata } from "next";
import { Suspense } from "react";
import { RequireAction } from "@/components/dashboard/require-action";
import { RequestLogsPage } from "@/components/request-logs/request-logs-page";

export const metadata: Metadata = { title: "Logs" };

export default function Page() {
  return (
    <RequireAction action="requestLogs.read">
      <Suspense>
        <RequestLogsPage />
      </Suspense>
    </RequireAction>
  );
}
