import type { OtpStatus } from "@/schemas/message-views";
import { StatusBadge, type StatusInfo } from "../ui/status-badge";

export const OTP_STATUS_INFO: Record<OtpStatus, StatusInfo> = {
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
  return <StatusBadge status={status} info={OTP_STATUS_INFO} />;
}
