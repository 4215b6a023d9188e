"use client";

import { PageHeader } from "../ui/page-header";
import { DeliveryLog } from "./delivery-log";

export function DeliveryLogsPage() {
  return (
    <div>
      <PageHeader
        title="Delivery logs"
        description="Every webhook delivery of this organization: the event, each attempt with what the endpoint answered and how fast, and the next retry."
      />
      <DeliveryLog />
    </div>
  );
}
