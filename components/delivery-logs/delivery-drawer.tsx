"use client";

import { useEffect, useState } from "react";
import { skipToken, useMutation, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import { toast } from "sonner";
import type { DeliveryPage } from "@/schemas/webhook-views";
import type { DeliveryDetail } from "@/schemas/webhooks";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { Drawer } from "../ui/drawer";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { errorMessage } from "../trpc/errors";
import { useCan } from "../dashboard/dashboard-context";
import { shortId } from "../messages/message-format";
import { AttemptsTimeline } from "./attempts-timeline";
import { DeliveryFacts, DeliveryPayload, NextRetry } from "./delivery-facts";
import { DeliveryStatusBadge } from "./delivery-status";

const POLL_MS = 1_000;
/** A PENDING delivery is being sent now; one still PENDING after this many polls (its webhook is disabled) is not watched. */
const MAX_POLLS = 45;

/** The list rows show status and the last attempt too: keep them in step with what the drawer sees. */
function patchListRow(data: InfiniteData<DeliveryPage> | undefined, d: DeliveryDetail) {
  if (!data) return data;
  const attempts = d.attempts.map(({ responseBody: _body, ...a }) => a);
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) =>
        item.id === d.id ? { ...item, status: d.status, nextAttemptAt: d.nextAttemptAt, attempts } : item,
      ),
    })),
  };
}

/**
 * One delivery in a side panel: the next retry, every attempt with its answer, the webhook and
 * ids, and the payload as sent. Roles that manage webhooks can send it again and watch the new
 * attempt arrive.
 */
export function DeliveryDrawer({ deliveryId, onClose }: { deliveryId: string | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canManage = useCan("webhooks.manage");
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
    queryClient.setQueriesData<InfiniteData<DeliveryPage>>({ queryKey: trpc.webhooks.deliveries.pathKey() }, (data) =>
      patchListRow(data, delivery),
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
      onError: (error) => toast.error(errorMessage(error)),
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
      <Drawer
        open={deliveryId !== null}
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={
          <span className="flex items-center gap-2">
            Delivery
            {deliveryId ? (
              <code className="font-mono text-[13px] font-normal text-slate-500" title={deliveryId}>
                {shortId(deliveryId)}
              </code>
            ) : null}
          </span>
        }
        description={
          delivery ? (
            <span className="flex flex-wrap items-center gap-2">
              <code className="font-mono text-[13px] text-slate-700">{delivery.event}</code>
              <DeliveryStatusBadge status={delivery.status} />
            </span>
          ) : null
        }
        footer={
          canManage && delivery ? (
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
        {detail.isPending ? (
          <DrawerSkeleton />
        ) : detail.isError ? (
          <ErrorState
            title="Could not load this delivery"
            message={errorMessage(detail.error)}
            onRetry={() => void detail.refetch()}
          />
        ) : delivery ? (
          <div className="space-y-6">
            <NextRetry delivery={delivery} now={detail.dataUpdatedAt} />
            <section aria-labelledby="attempts-heading">
              <h3 id="attempts-heading" className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                Attempts
              </h3>
              <AttemptsTimeline delivery={delivery} live={live} now={detail.dataUpdatedAt} />
            </section>
            <DeliveryFacts delivery={delivery} webhookActive={webhook?.isActive ?? null} />
            <DeliveryPayload payload={delivery.payload} />
          </div>
        ) : null}
      </Drawer>
      {canManage ? (
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

function DrawerSkeleton() {
  return (
    <div role="status" aria-label="Loading" className="space-y-6">
      {[0, 1].map((i) => (
        <div key={i} className="flex gap-3">
          <Skeleton className="size-6 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-3.5 w-24" />
            <Skeleton className="h-3 w-48" />
          </div>
        </div>
      ))}
      <Skeleton className="h-40 w-full" />
    </div>
  );
}
