"use client";

import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import type { RetentionPage, RetentionPolicyView } from "@/schemas/retention";
import { useTRPC } from "../trpc/client";

const days = (n: number) => (n === 1 ? "1 day" : `${n.toLocaleString("en")} days`);

function sentences(page: RetentionPage, p: RetentionPolicyView): string {
  if (!p.enabled) return "Retention is off on this deployment: nothing is deleted.";
  switch (page) {
    case "messages":
      return (
        `Messages are kept ${days(p.messageDays)}, then deleted (one still queued or sent is kept until it is final). ` +
        `Live message bodies are removed after ${days(p.messageBodyDays)}; sandbox bodies stay with their message. ` +
        "Analytics and usage figures are kept."
      );
    case "deliveryLogs":
      return (
        `Webhook deliveries and their attempts are kept ${days(p.webhookLogDays)} ` +
        "(a delivery still pending or retrying stays until it finishes)."
      );
    case "auditLog":
      return `Audit log entries are kept ${days(p.auditLogDays)}.`;
  }
}

/** How long the page's data is kept, from the server's configuration (RETENTION, *_RETENTION_DAYS). */
export function RetentionNotice({ page }: { page: RetentionPage }) {
  const trpc = useTRPC();
  const policy = useQuery({ ...trpc.retention.policy.queryOptions(), staleTime: Infinity });
  if (!policy.data) return null;
  return (
    <p data-testid="retention-notice" className="mt-4 flex items-start gap-2 text-xs text-slate-500">
      <Clock aria-hidden className="mt-px size-3.5 shrink-0 text-slate-400" />
      <span>{sentences(page, policy.data)}</span>
    </p>
  );
}
