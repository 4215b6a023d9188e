import type { Metadata } from "next";
import { RequireAction } from "@/components/dashboard/require-action";
import { DeliveryLogsPage } from "@/components/delivery-logs/delivery-logs-page";

export const metadata: Metadata = { title: "Delivery logs" };

export default function Page() {
  return (
    <RequireAction action="messages.read">
      <DeliveryLogsPage />
    </RequireAction>
  );
}
