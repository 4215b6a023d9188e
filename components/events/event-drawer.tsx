"use client";

import Link from "next/link";
import { useState } from "react";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { Button } from "../ui/button";
import { Select } from "../ui/input";
import { useCan } from "../dashboard/dashboard-context";
import { ErrorText } from "../trpc/error-notice";
import { useTRPC } from "../trpc/client";
import { DetailDrawer } from "../dashboard/detail-drawer";
import { CopyableId, Fact, FactList, SectionTitle } from "../ui/facts";

import { DeliveryPayload } from "../delivery-logs/delivery-facts";
import { answerLabel, DeliveryStatusBadge } from "../delivery-logs/delivery-status";
import { Time } from "../ui/time";

/** One event: when, its payload, and each webhook delivery made of it (linked to the delivery log). */
export function EventDrawer({ eventId, onClose }: { eventId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  // Followed while a delivery is being sent (just resent, or the first attempt on its way).
  const detail = useQuery(
    trpc.events.byId.queryOptions(eventId ? { id: eventId } : skipToken, {
      refetchInterval: (q) =>
        q.state.data?.deliveries.some((d) => d.status === "PENDING") && q.state.dataUpdateCount < 120 ? 1_000 : false,
    }),
  );
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
          <ResendEvent eventId={e.id} delivered={e.deliveries.map((d) => d.webhookId)} />
          <DeliveryPayload payload={{ id: e.id, event: e.event, timestamp: e.timestamp, payload: e.payload }} />
        </div>
      )}
    </DetailDrawer>
  );
}

/**
 * Resend from the event (issue 39): to a webhook that got it (a new attempt of that delivery) or
 * any other active one (a new delivery), as `signalgate events resend` does. Support too: it is in
 * the audit log.
 */
function ResendEvent({ eventId, delivered }: { eventId: string; delivered: string[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canResend = useCan("webhooks.redeliver");
  const webhooks = useQuery({ ...trpc.webhooks.list.queryOptions(), enabled: canResend });
  const active = (webhooks.data ?? []).filter((w) => w.isActive);
  const [chosen, setChosen] = useState("");
  const webhookId = active.some((w) => w.id === chosen)
    ? chosen
    : (active.find((w) => delivered.includes(w.id)) ?? active[0])?.id;
  const resend = useMutation(
    trpc.events.resend.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.events.byId.queryKey({ id: eventId }) }),
    }),
  );
  if (!canResend || webhooks.isPending) return null;
  if (active.length === 0) {
    return <p className="text-sm text-slate-500">No active webhook to resend this event to.</p>;
  }
  return (
    <section aria-labelledby="event-resend">
      <SectionTitle>
        <span id="event-resend">Resend</span>
      </SectionTitle>
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          if (webhookId) resend.mutate({ id: eventId, webhookId });
        }}
      >
        <Select
          aria-label="Webhook to resend to"
          value={webhookId}
          onChange={(e) => setChosen(e.target.value)}
          className="min-w-0 flex-1 basis-48"
        >
          {active.map((w) => (
            <option key={w.id} value={w.id}>
              {w.name}
              {delivered.includes(w.id) ? "" : " (not delivered yet)"}
            </option>
          ))}
        </Select>
        <Button type="submit" variant="secondary" loading={resend.isPending}>
          <RotateCw aria-hidden className="size-4" />
          Resend
        </Button>
      </form>
      {resend.isSuccess ? (
        <p role="status" className="mt-2 text-sm text-emerald-700">
          Sent again now.{" "}
          <Link
            href={`/dashboard/delivery-logs?delivery=${encodeURIComponent(resend.data.deliveryId)}`}
            className="font-medium text-indigo-700 underline"
          >
            Follow the delivery
          </Link>
        </p>
      ) : resend.isError ? (
        <ErrorText error={resend.error} className="mt-2 text-sm text-red-700" />
      ) : null}
      <p className="mt-2 text-xs text-slate-500">The same event id and body. The audit log records who resent it.</p>
    </section>
  );
}
