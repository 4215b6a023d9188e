"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight } from "lucide-react";
import type { MessageDetail } from "@/schemas/message-views";
import type { DeliveryStatus } from "@/schemas/webhook-views";
import { useTRPC } from "../trpc/client";
import { TimelineSection } from "../dashboard/detail-drawer";
import { DELIVERY_STATUS_INFO } from "../delivery-logs/delivery-status";

/** How many of a message's deliveries the drawer counts; the log behind the link has them all. */
const PREVIEW = 20;

/**
 * The webhook deliveries of this message's events, counted by status, with a link to the delivery
 * log filtered to the message (one indexed read: deliveries carry their message's id).
 */
export function MessageWebhooks({ message }: { message: MessageDetail }) {
  const trpc = useTRPC();
  const deliveries = useQuery(trpc.webhooks.deliveries.queryOptions({ messageId: message.id, limit: PREVIEW }));
  const items = deliveries.data?.items ?? [];
  const counts = new Map<DeliveryStatus, number>();
  for (const d of items) counts.set(d.status, (counts.get(d.status) ?? 0) + 1);
  const more = Boolean(deliveries.data?.nextCursor);

  return (
    <TimelineSection id="message-webhooks-heading" title="Webhook deliveries">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <p className="text-slate-600" data-testid="message-webhook-summary">
          {deliveries.isPending
            ? "Loading…"
            : deliveries.isError
              ? "Could not count them."
              : items.length === 0
                ? "None: no webhook subscribed to this message's events."
                : `${items.length}${more ? "+" : ""} ${items.length === 1 ? "delivery" : "deliveries"}: ` +
                  [...counts]
                    .map(([status, n]) => `${n} ${DELIVERY_STATUS_INFO[status].label.toLowerCase()}`)
                    .join(", ")}
        </p>
        <Link
          href={`/dashboard/delivery-logs?message=${encodeURIComponent(message.id)}`}
          className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:text-indigo-900"
        >
          View deliveries
          <ArrowRight aria-hidden className="size-3.5" />
        </Link>
      </div>
    </TimelineSection>
  );
}
