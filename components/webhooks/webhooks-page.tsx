import { Webhook } from "lucide-react";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";

export function WebhooksPage() {
  return (
    <div>
      <PageHeader
        title="Webhooks"
        description="Endpoints on your servers that SignalGate calls when a message changes state or an OTP is verified, signed with HMAC-SHA256."
      />
      <EmptyState icon={Webhook} title="No webhooks yet">
        Each endpoint registered for this organization will be listed here with its URL, the events it subscribes to
        (such as <code className="font-mono text-[13px]">message.delivered</code>) and whether it is active. Failed
        deliveries are retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 24 hours.
      </EmptyState>
    </div>
  );
}
