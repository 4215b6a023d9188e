import type { CampaignStatus } from "@/schemas/campaigns";
import { StatusBadge, type StatusInfo } from "../ui/status-badge";

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
