import type { KeyEnvironment } from "@/schemas/api-keys";
import type { MessageListItem, MessageStatus } from "@/schemas/message-views";
import { StatusBadge, type StatusInfo } from "../ui/status-badge";
import { EnvironmentBadge } from "../api-keys/environment";

export const MESSAGE_STATUS_INFO: Record<MessageStatus, StatusInfo> = {
  QUEUED: {
    label: "Queued",
    tone: "gray",
    dot: "bg-slate-400 animate-pulse",
    hint: "Accepted, waiting to be handed to the carrier.",
  },
  SENT: {
    label: "Sent",
    tone: "blue",
    dot: "bg-sky-500 animate-pulse",
    hint: "The carrier took it; waiting for a delivery receipt.",
  },
  DELIVERED: { label: "Delivered", tone: "green", dot: "bg-emerald-500", hint: "The handset received it." },
  FAILED: { label: "Failed", tone: "red", dot: "bg-red-500", hint: "The carrier refused it; nothing was sent." },
  UNDELIVERED: {
    label: "Undelivered",
    tone: "red",
    dot: "bg-red-500",
    hint: "Sent, but the network could not deliver it.",
  },
  RECEIVED: {
    label: "Received",
    tone: "violet",
    dot: "bg-violet-500",
    hint: "An inbound message a phone sent to your number.",
  },
  SCHEDULED: {
    label: "Scheduled",
    tone: "violet",
    dot: "bg-indigo-400",
    hint: "Accepted and charged now; queued for the carrier at its send time.",
  },
  CANCELED: {
    label: "Canceled",
    tone: "gray",
    dot: "bg-slate-300",
    hint: "Canceled before it was due: never sent, never billed.",
  },
};

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <StatusBadge status={status} info={MESSAGE_STATUS_INFO} />;
}

/** The API keys page's badge, with what the environment means for a message. */
export function EnvironmentTag({ environment }: { environment: KeyEnvironment }) {
  const title = environment === "live" ? "Production: a real SMS" : "Sandbox: simulated, nothing left SignalGate";
  return <EnvironmentBadge environment={environment} title={title} />;
}

export const ORIGIN_LABELS: Record<MessageListItem["origin"], string> = {
  api: "API",
  bulk: "Bulk",
  otp: "OTP",
  dashboard: "Dashboard test",
  campaign_test: "Campaign test",
  inbound: "Inbound",
  auto_reply_stop: "Auto-reply (STOP)",
  auto_reply_start: "Auto-reply (START)",
  auto_reply_help: "Auto-reply (HELP)",
};

export function segmentsLabel(segments: number, encoding: string): string {
  return `${segments} ${segments === 1 ? "segment" : "segments"} · ${encoding}`;
}
