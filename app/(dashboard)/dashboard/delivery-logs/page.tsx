import type { Metadata } from "next";
import { UrlStatePage } from "@/components/dashboard/url-state-page";
import { DeliveryLogsPage } from "@/components/delivery-logs/delivery-logs-page";

export const metadata: Metadata = { title: "Delivery logs" };

export default function Page() {
  return (
    <UrlStatePage action="webhooks.read" columns={6} retention="deliveryLogs">
      <DeliveryLogsPage />
    </UrlStatePage>
  );
}
