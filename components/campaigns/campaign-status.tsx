import type { CampaignStatus } from "@/schemas/campaigns";
import { MESSAGE_STATUSES } from "@/schemas/messages";
import type { MessageStatus } from "@/schemas/message-views";
import { Badge } from "../ui/badge";
import { StatusBadge, type StatusInfo } from "../ui/status-badge";
import { MessageStatusBadge } from "../messages/message-badges";

export const CAMPAIGN_STATUS: Record<CampaignStatus, StatusInfo> = {
  DRAFT: { label: "Draft", tone: "gray", dot: "bg-slate-400", hint: "Not launched; can be edited." },
  SCHEDULED: { label: "Scheduled", tone: "blue", dot: "bg-sky-500", hint: "Starts at its scheduled time." },
  RUNNING: { label: "Running", tone: "indigo", dot: "bg-indigo-500 animate-pulse", hint: "Sending to its audience." },
  PAUSED: { label: "Paused", tone: "amber", dot: "bg-amber-500", hint: "Nothing is sent until it is resumed." },
  COMPLETED: { label: "Completed", tone: "green", dot: "bg-emerald-500", hint: "Every recipient was sent or skipped." },
  CANCELED: { label: "Canceled", tone: "red", dot: "bg-red-500", hint: "Recipients still waiting were never texted." },
};

export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  return <StatusBadge status={status} info={CAMPAIGN_STATUS} />;
}

export const SKIP_LABELS = {
  opted_out: "Opted out",
  country_not_allowed: "Country not allowed",
  frequency_cap: "Frequency cap",
  invalid_template: "Missing variable",
  contact_deleted: "Contact deleted",
} as const;

const RECIPIENT_ONLY: Record<string, string> = { PENDING: "Waiting", SKIPPED: "Skipped", CANCELED: "Canceled" };

/**
 * A recipient's status in words, as Messages shows it (issue 39: not "DELIVERED"): its message's
 * status once accepted, else waiting or canceled.
 */
export function RecipientStatusBadge({ status }: { status: string }) {
  if ((MESSAGE_STATUSES as readonly string[]).includes(status)) {
    return <MessageStatusBadge status={status as MessageStatus} />;
  }
  return <Badge tone="gray">{RECIPIENT_ONLY[status] ?? status.charAt(0) + status.slice(1).toLowerCase()}</Badge>;
}
