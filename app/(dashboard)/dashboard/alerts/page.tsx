import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { AlertsPage } from "@/components/alerts/alerts-page";

export const metadata: Metadata = { title: "Alerts" };

export default function Page() {
  return (
    <RequireAction action="alerts.manage">
      <AlertsPage />
    </RequireAction>
  );
}
