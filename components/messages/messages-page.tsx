import { MessageSquare } from "lucide-react";
import { EmptyState } from "../ui/empty-state";
import { PageHeader } from "../ui/page-header";

export function MessagesPage() {
  return (
    <div>
      <PageHeader
        title="Messages"
        description="Every SMS and OTP message sent by this organization, with its delivery status."
      />
      <EmptyState icon={MessageSquare} title="No messages yet">
        Messages sent through <code className="font-mono text-[13px]">POST /api/v1/sms/send</code>,{" "}
        <code className="font-mono text-[13px]">/sms/bulk</code> or{" "}
        <code className="font-mono text-[13px]">/otp/send</code> will appear here with their recipient, segments,
        environment and status — from queued to delivered or failed.
      </EmptyState>
    </div>
  );
}
