"use client";

import { useEffect, useState } from "react";
import { skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { toast } from "sonner";
import type { DeliveryListItem, DeliveryPage } from "@/schemas/webhook-views";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";
import { DetailDrawer, patchListItem, TimelineSection, type ListCache } from "../dashboard/detail-drawer";
import { AttemptsTimeline } from "./attempts-timeline";
import { DeliveryFacts, DeliveryPayload, NextRetry } from "./delivery-facts";
import { DeliveryStatusBadge } from "./delivery-status";

const POLL_MS = 1_000;
/** A PENDING delivery is being sent now; one still PENDING after this many polls (its webhook is disabled) is not watched. */
const MAX_POLLS = 45;

/**
 * One delivery in a side panel: the next retry, every attempt with its answer, the webhook and
 * ids, and the payload as sent. Every role, support included, can send it again (audited) and
 * watch the new attempt arrive.
 */
export function DeliveryDrawer({ deliveryId, onClose }: { deliveryId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Support too (issue 39): it helps customers, and each redelivery is in the audit log.
  const canRedeliver = useCan("webhooks.redeliver");
  const [confirming, setConfirming] = useState(false);
  // Polls are counted from here: opening the drawer or redelivering starts a new watch.
  const [baseline, setBaseline] = useState({ id: deliveryId, count: 0 });
  const detailKey = trpc.webhooks.deliveryById.queryKey({ id: deliveryId ?? "" });
  const updateCount = () => queryClient.getQueryState(detailKey)?.dataUpdateCount ?? 0;
  if (baseline.id !== deliveryId) setBaseline({ id: deliveryId, count: updateCount() });

  const detail = useQuery(
    trpc.webhooks.deliveryById.queryOptions(deliveryId ? { id: deliveryId } : skipToken, {
      staleTime: 0,
      refetchInterval: (query) => {
        const data = query.state.data;
        if (data?.status !== "PENDING" || query.state.dataUpdateCount - baseline.count >= MAX_POLLS) return false;
        return POLL_MS;
      },
    }),
  );
  const delivery = detail.data;
  const webhooks = useQuery(trpc.webhooks.list.queryOptions());
  const webhook = webhooks.data?.find((w) => w.id === delivery?.webhookId);
  const polls = detail.dataUpdatedAt ? updateCount() - baseline.count : 0;
  const live = delivery?.status === "PENDING" && polls < MAX_POLLS;

  useEffect(() => {
    if (!delivery) return;
    // The rows show status and the last attempt too (without response bodies, which only the drawer loads).
    const row: Partial<DeliveryListItem> = {
      status: delivery.status,
      nextAttemptAt: delivery.nextAttemptAt,
      attempts: delivery.attempts.map(({ responseBody: _body, ...a }) => a),
    };
    queryClient.setQueriesData<ListCache<DeliveryPage>>({ queryKey: trpc.webhooks.deliveries.pathKey() }, (data) =>
      patchListItem(data, delivery.id, row),
    );
  }, [delivery, queryClient, trpc]);

  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        setBaseline({ id: deliveryId, count: updateCount() });
        toast.success("Redelivering: a new attempt is being made now.");
        await queryClient.invalidateQueries({ queryKey: detailKey });
      },
      onError: (error) => toastError(error),
    }),
  );

  const blocked = !delivery
    ? "Loading…"
    : delivery.status === "PENDING"
      ? "An attempt is already on its way."
      : webhook && !webhook.isActive
        ? "The webhook is disabled: enable it to redeliver."
        : null;

  return (
    <>
      <DetailDrawer
        noun="Delivery"
        id={deliveryId}
        onClose={onClose}
        query={detail}
        errorTitle="Could not load this delivery"
        skeleton={{ steps: 2, blockClassName: "h-40" }}
        description={
          delivery ? (
            <span className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-[13px] text-slate-700">{delivery.event}</code>
              <DeliveryStatusBadge status={delivery.status} />
            </span>
          ) : null
        }
        footer={
          canRedeliver && delivery ? (
            <div className="flex w-full items-center justify-end gap-3">
              {blocked ? <span className="text-xs text-slate-500">{blocked}</span> : null}
              <Button variant="secondary" disabled={blocked !== null} onClick={() => setConfirming(true)}>
                <RotateCw aria-hidden className="size-4" />
                Redeliver
              </Button>
            </div>
          ) : null
        }
      >
        {(d) => (
          <div className="space-y-6">
            <NextRetry delivery={d} now={detail.dataUpdatedAt} />
            <TimelineSection id="attempts-heading" title="Attempts">
              <AttemptsTimeline delivery={d} live={live} now={detail.dataUpdatedAt} />
            </TimelineSection>
            <DeliveryFacts delivery={d} webhookActive={webhook?.isActive ?? null} />
            <DeliveryPayload payload={d.payload} />
          </div>
        )}
      </DetailDrawer>
      {canRedeliver ? (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          tone="primary"
          title="Redeliver this event?"
          description={
            <div className="space-y-2">
              <p>
                SignalGate sends the same body again now, as attempt {(delivery?.attempts.length ?? 0) + 1}, to{" "}
                <code className="font-mono text-[13px] break-all text-slate-700">{delivery?.webhookUrl}</code>.
              </p>
              <p>
                It carries the same event id in <code className="font-mono text-[13px]">X-Webhook-Id</code>, so your
                endpoint can tell it is the same event. Retries still scheduled for this delivery are cancelled.
              </p>
              <p>The audit log records who redelivered it.</p>
            </div>
          }
          confirmLabel="Redeliver"
          pending={redeliver.isPending}
          onConfirm={() => delivery && redeliver.mutate({ id: delivery.id })}
        />
      ) : null}
    </>
  );
}
