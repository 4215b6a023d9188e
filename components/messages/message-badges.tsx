import type { KeyEnvironment } from "@/schemas/api-keys";
import type { MessageListItem, MessageStatus } from "@/schemas/message-views";
import { Badge, type BadgeTone } from "../ui/badge";
import { cn } from "../ui/cn";

export const MESSAGE_STATUS_INFO: Record<MessageStatus, { label: string; tone: BadgeTone; dot: string; hint: string }> =
  {
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
  };

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  const info = MESSAGE_STATUS_INFO[status];
  return (
    <span title={info.hint} data-status={status}>
      <Badge tone={info.tone}>
        <span aria-hidden className={cn("mr-1.5 size-1.5 rounded-full", info.dot)} />
        {info.label}
      </Badge>
    </span>
  );
}

/** Same words and colours as the API keys page: sandbox amber, production indigo. */
export function EnvironmentTag({ environment }: { environment: KeyEnvironment }) {
  const live = environment === "live";
  return (
    <span title={live ? "Production: a real SMS" : "Sandbox: simulated, nothing left SignalGate"}>
      <Badge tone={live ? "indigo" : "amber"}>
        <span aria-hidden className={cn("mr-1 size-1.5 rounded-full", live ? "bg-indigo-500" : "bg-amber-500")} />
        {live ? "Production" : "Sandbox"}
      </Badge>
    </span>
  );
}

export const ORIGIN_LABELS: Record<MessageListItem["origin"], string> = {
  api: "API",
  bulk: "Bulk",
  otp: "OTP",
  dashboard: "Dashboard test",
};

export function segmentsLabel(segments: number, encoding: string): string {
  return `${segments} ${segments === 1 ? "segment" : "segments"} · ${encoding}`;
}
