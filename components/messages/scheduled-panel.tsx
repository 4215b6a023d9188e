"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, CircleSlash } from "lucide-react";
import type { MessageDetail } from "@/schemas/message-views";
import { useTRPC } from "../trpc/client";
import { useCan } from "../dashboard/dashboard-context";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { Skeleton } from "../ui/skeleton";
import { MESSAGE_STATUS_INFO } from "./message-badges";
import { formatLocalAndUtc } from "./schedule-format";

/**
 * A scheduled message in its drawer (contract §11): when it is due, in the viewer's zone and in
 * UTC, and a Cancel action (with a confirmation) while it is still SCHEDULED.
 */
export function ScheduledSection({ message }: { message: MessageDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canCancel = useCan("messages.sendTest");
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation(
    trpc.messages.cancel.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
      },
    }),
  );
  if (!message.sendAt) return null;
  const due = formatLocalAndUtc(message.sendAt);
  return (
    <section aria-labelledby="scheduled-heading" className="rounded-lg border border-indigo-200 bg-indigo-50/50 p-3.5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex gap-2.5">
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-indigo-600" />
          <div className="text-sm">
            <h3 id="scheduled-heading" className="font-medium text-slate-900">
              {message.status === "SCHEDULED"
                ? "Scheduled"
                : message.status === "CANCELED"
                  ? "Was scheduled"
                  : "Sent on schedule"}
            </h3>
            <p className="text-slate-700" data-testid="send-at">
              <time dateTime={message.sendAt}>{due.local}</time>
            </p>
            <p className="font-mono text-xs text-slate-500">{due.utc}</p>
            {message.canceledAt ? (
              <p className="mt-1 text-xs text-slate-600">
                Canceled {formatLocalAndUtc(message.canceledAt).local}: never sent, not billed.
              </p>
            ) : null}
          </div>
        </div>
        {canCancel && message.status === "SCHEDULED" ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            <CircleSlash aria-hidden className="size-4" />
            Cancel message
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) cancel.reset();
        }}
        title="Cancel this scheduled message?"
        description={
          <div className="space-y-2">
            <p>
              The message to <span className="font-mono text-[13px]">{message.to}</span> due {due.local} will never be
              sent{message.environment === "live" ? ", and what it held of your monthly spend is released" : ""}.
            </p>
            <p>This cannot be undone: schedule a new message to send it after all.</p>
            {cancel.error ? (
              <p role="alert" className="text-red-700">
                {cancel.error.message}
              </p>
            ) : null}
          </div>
        }
        confirmLabel="Cancel message"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: message.id })}
      />
    </section>
  );
}

const COUNTED = ["SCHEDULED", "QUEUED", "SENT", "DELIVERED", "UNDELIVERED", "FAILED", "CANCELED"] as const;

/** The message's bulk batch: its counts by status and, while some are scheduled, cancel-all. */
export function BatchSection({ message }: { message: MessageDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canCancel = useCan("messages.sendTest");
  const [confirming, setConfirming] = useState(false);
  const batchId = message.batchId;
  const summary = useQuery(
    trpc.messages.batch.queryOptions(
      { batchId: batchId ?? "", environment: message.environment },
      { enabled: Boolean(batchId) },
    ),
  );
  const cancelAll = useMutation(
    trpc.messages.cancelBatch.mutationOptions({
      onSuccess: async () => {
        setConfirming(false);
        await queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
      },
    }),
  );
  if (!batchId) return null;
  const counts = summary.data?.counts;
  return (
    <section aria-labelledby="batch-heading">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 id="batch-heading" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Batch <span className="font-mono font-normal normal-case">{batchId}</span>
        </h3>
        {canCancel && counts && counts.SCHEDULED > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => setConfirming(true)}>
            <CircleSlash aria-hidden className="size-4" />
            Cancel all scheduled
          </Button>
        ) : null}
      </div>
      {summary.isPending ? (
        <Skeleton className="h-14" />
      ) : summary.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load the batch: {summary.error.message}
        </p>
      ) : (
        <dl className="grid grid-cols-4 gap-2" data-testid="batch-counts">
          {COUNTED.filter((s) => counts![s] > 0 || s === "SCHEDULED" || s === "CANCELED").map((s) => (
            <div key={s} className="rounded-md bg-slate-50 px-2.5 py-1.5 ring-1 ring-slate-200 ring-inset">
              <dt className="text-xs text-slate-500">{MESSAGE_STATUS_INFO[s].label}</dt>
              <dd className="font-mono text-sm text-slate-900" data-testid={`batch-count-${s}`}>
                {counts![s]}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          setConfirming(open);
          if (!open) cancelAll.reset();
        }}
        title="Cancel every scheduled message of this batch?"
        description={
          <div className="space-y-2">
            <p>
              {counts?.SCHEDULED ?? 0} messages still waiting for their send time will never be sent. Messages already
              queued or sent are not affected.
            </p>
            {cancelAll.error ? (
              <p role="alert" className="text-red-700">
                {cancelAll.error.message}
              </p>
            ) : null}
          </div>
        }
        confirmLabel="Cancel all scheduled"
        pending={cancelAll.isPending}
        onConfirm={() => cancelAll.mutate({ batchId })}
      />
    </section>
  );
}
