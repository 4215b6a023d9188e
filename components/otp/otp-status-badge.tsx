import type { OtpStatus } from "@/schemas/message-views";
import { Badge, type BadgeTone } from "../ui/badge";
import { cn } from "../ui/cn";

export const OTP_STATUS_INFO: Record<OtpStatus, { label: string; tone: BadgeTone; dot: string; hint: string }> = {
  PENDING: { label: "Pending", tone: "blue", dot: "bg-sky-500", hint: "Sent; waiting for the user to enter it." },
  APPROVED: { label: "Approved", tone: "green", dot: "bg-emerald-500", hint: "Verified with the right code." },
  EXPIRED: { label: "Expired", tone: "gray", dot: "bg-slate-400", hint: "Not verified before it expired." },
  MAX_ATTEMPTS: {
    label: "Too many attempts",
    tone: "red",
    dot: "bg-red-500",
    hint: "Locked after too many wrong codes.",
  },
  CANCELED: {
    label: "Canceled",
    tone: "gray",
    dot: "bg-slate-400",
    hint: "Replaced by a newer code to the same number.",
  },
};

export function OtpStatusBadge({ status }: { status: OtpStatus }) {
  const info = OTP_STATUS_INFO[status];
  return (
    <span title={info.hint} data-status={status}>
      <Badge tone={info.tone}>
        <span aria-hidden className={cn("mr-1.5 size-1.5 rounded-full", info.dot)} />
        {info.label}
      </Badge>
    </span>
  );
}
