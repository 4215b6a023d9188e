"use client";

import Link from "next/link";
import { skipToken, useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { DetailDrawer } from "../dashboard/detail-drawer";
import { CopyableId, Fact, FactList, SectionTitle } from "../ui/facts";

import { DeliveryPayload } from "../delivery-logs/delivery-facts";
import { answerLabel, DeliveryStatusBadge } from "../delivery-logs/delivery-status";
import { Time } from "../ui/time";

/** One event: when, its payload, and each webhook delivery made of it (linked to the delivery log). */
export function EventDrawer({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const detail = useQuery(trpc.events.byId.queryOptions(eventId ? { id: eventId } : skipToken));
  return (
    <DetailDrawer
      noun="Event"
      id={eventId}
      onClose={onClose}
      query={detail}
      errorTitle="Could not load this event"
      skeleton={{ steps: 1, blockClassName: "h-40" }}
      description={
        detail.data ? <code className="font-mono text-[13px] text-slate-700">{detail.data.event}</code> : null
      }
    >
      {(e) => (
        <div className="space-y-6">
          <FactList title="Event">
            <Fact label="Type">
              <code className="font-mono text-[13px]">{e.event}</code>
            </Fact>
            <Fact label="Time">
              <Time at={e.timestamp} />
            </Fact>
            <Fact label="ID">
              <CopyableId value={e.id} />
            </Fact>
          </FactList>
          <section aria-labelledby="event-deliveries">
            <SectionTitle>
              <span id="event-deliveries">Deliveries</span>
            </SectionTitle>
            {e.deliveries.length === 0 ? (
              <p className="text-sm text-slate-500">
                No webhook received this event: none subscribed to <code className="font-mono">{e.event}</code> when it
                happened.{" "}
                <Link href="/dashboard/webhooks" className="text-indigo-700 underline">
                  Webhooks
                </Link>
              </p>
            ) : (
              <ul className="divide-y divide-slate-100 border-y border-slate-100">
                {e.deliveries.map((d) => {
                  const last = d.attempts.at(-1);
                  return (
                    <li key={d.id} className="flex items-center justify-between gap-3 py-2" data-delivery-id={d.id}>
                      <div className="min-w-0">
                        <div className="truncate text-sm font-medium text-slate-900">{d.webhookName}</div>
                        <div className="text-xs text-slate-500">
                          {d.attempts.length} attempt{d.attempts.length === 1 ? "" : "s"}
                          {last ? ` · last ${answerLabel(last.statusCode)} in ${last.responseTimeMs} ms` : ""}
                        </div>
                      </div>
                      <div className="flex shrink-0 items-center gap-3">
                        <DeliveryStatusBadge status={d.status} />
                        <Link
                          href={`/dashboard/delivery-logs?delivery=${encodeURIComponent(d.id)}`}
                          className="text-sm text-indigo-700 underline"
                        >
                          Log
                        </Link>
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          <DeliveryPayload payload={{ id: e.id, event: e.event, timestamp: e.timestamp, payload: e.payload }} />
        </div>
      )}
    </DetailDrawer>
  );
}
