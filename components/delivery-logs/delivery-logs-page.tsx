import { ScrollText } from "lucide-react";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";

export function DeliveryLogsPage() {
  return (
    <div>
      <PageHeader
        title="Delivery logs"
        description="Each webhook delivery: the event, every attempt with its response status and time, and the next retry."
      />
      <EmptyState icon={ScrollText} title="No deliveries yet">
        When SignalGate notifies one of your webhook endpoints, the delivery is recorded here — succeeded, retrying or
        failed — so you can see what your server answered and send an event again.
      </EmptyState>
    </div>
  );
}
