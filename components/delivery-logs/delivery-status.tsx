import type { DeliveryStatus } from "@/schemas/webhook-views";
import { StatusBadge, type StatusInfo } from "../ui/status-badge";

export const DELIVERY_STATUS_INFO: Record<DeliveryStatus, StatusInfo> = {
  PENDING: {
    label: "Pending",
    tone: "gray",
    dot: "bg-slate-400 animate-pulse",
    hint: "Queued: the next attempt is being made now.",
  },
  SUCCEEDED: { label: "Succeeded", tone: "green", dot: "bg-emerald-500", hint: "The endpoint answered with a 2xx." },
  RETRYING: {
    label: "Retrying",
    tone: "amber",
    dot: "bg-amber-500",
    hint: "The last attempt failed; another one is scheduled.",
  },
  FAILED: {
    label: "Failed",
    tone: "red",
    dot: "bg-red-500",
    hint: "Every attempt failed (or the endpoint answered 410); no more retries.",
  },
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return <StatusBadge status={status} info={DELIVERY_STATUS_INFO} />;
}

/** "in 45 s", "in 4 min", "in 2.0 h": when the next retry is due, from `now`. */
export function formatIn(iso: string, now: number): string {
  const ms = Date.parse(iso) - now;
  if (ms <= 1000) return "now";
  if (ms < 60_000) return `in ${Math.round(ms / 1000)} s`;
  if (ms < 3_600_000) return `in ${Math.round(ms / 60_000)} min`;
  return `in ${(ms / 3_600_000).toFixed(1)} h`;
}

/** What the endpoint answered, in a few characters: "200", "HTTP 500", or "No response". */
export function answerLabel(statusCode: number | null): string {
  return statusCode === null ? "No response" : String(statusCode);
}
