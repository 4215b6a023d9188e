"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, CircleSlash } from "lucide-react";
import type { MessageDetail } from "@/schemas/message-views";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { Skeleton } from "../ui/skeleton";
import { MESSAGE_STATUS_INFO } from "./message-badges";
import { formatLocalAndUtc } from "./schedule-format";

/**
 * The cancel actions of a message's drawer (contract §11): what is being confirmed and the two
 * mutations. The confirmations are rendered beside the drawer, not inside it: a native <dialog>
 * closing inside another would close that one too (React passes the close event up its tree).
 */
export function useScheduleCancels() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canCancel = useCan("messages.sendTest");
  const [confirming, setConfirming] = useState<"message" | "batch" | null>(null);
  const refresh = async () => {
    setConfirming(null);
    await queryClient.invalidateQueries({ queryKey: trpc.messages.pathKey() });
  };
  const cancel = useMutation(trpc.messages.cancel.mutationOptions({ onSuccess: refresh }));
  const cancelBatch = useMutation(trpc.messages.cancelBatch.mutationOptions({ onSuccess: refresh }));
  return { canCancel, confirming, setConfirming, cancel, cancelBatch };
}
export type ScheduleCancels = ReturnType<typeof useScheduleCancels>;

/** When a scheduled message is due, in the viewer's zone and in UTC, and its Cancel button. */
export function ScheduledSection({ message, actions }: { message: MessageDetail; actions: ScheduleCancels }) {
  if (!message.sendAt) return null;
  const due = formatLocalAndUtc(message.sendAt);
  const title =
    message.status === "SCHEDULED" ? "Scheduled" : message.status === "CANCELED" ? "Was scheduled" : "Sent on schedule";
  return (
    <section aria-labelledby="scheduled-heading" className="rounded-lg border border-indigo-200 bg-indigo-50/50 p-3.5">
      <div className="flex items-start justify-between gap-3">
        <div className="flex gap-2.5">
          <CalendarClock aria-hidden className="mt-0.5 size-4 shrink-0 text-indigo-600" />
          <div className="text-sm">
            <h3 id="scheduled-heading" className="font-medium text-slate-900">
              {title}
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
        {actions.canCancel && message.status === "SCHEDULED" ? (
          <Button variant="secondary" size="sm" onClick={() => actions.setConfirming("message")}>
            <CircleSlash aria-hidden className="size-4" />
            Cancel message
          </Button>
        ) : null}
      </div>
    </section>
  );
}

const COUNTED = ["SCHEDULED", "QUEUED", "SENT", "DELIVERED", "UNDELIVERED", "FAILED", "CANCELED"] as const;

function useBatchSummary(message: MessageDetail | undefined) {
  const trpc = useTRPC();
  return useQuery(
    trpc.messages.batch.queryOptions(
      { batchId: message?.batchId ?? "", environment: message?.environment ?? "test" },
      { enabled: Boolean(message?.batchId) },
    ),
  );
}

/** The message's bulk batch: its counts by status and, while some are scheduled, cancel-all. */
export function BatchSection({ message, actions }: { message: MessageDetail; actions: ScheduleCancels }) {
  const summary = useBatchSummary(message);
  if (!message.batchId) return null;
  const counts = summary.data?.counts;
  return (
    <section aria-labelledby="batch-heading">
      <div className="mb-2 flex items-center justify-between gap-3">
        <h3 id="batch-heading" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Batch <span className="font-mono font-normal normal-case">{message.batchId}</span>
        </h3>
        {actions.canCancel && counts && counts.SCHEDULED > 0 ? (
          <Button variant="secondary" size="sm" onClick={() => actions.setConfirming("batch")}>
            <CircleSlash aria-hidden className="size-4" />
            Cancel all scheduled
          </Button>
        ) : null}
      </div>
      {summary.isPending ? (
        <Skeleton className="h-14" />
      ) : summary.isError ? (
        <ErrorText error={summary.error} lead="Could not load the batch:" className="text-sm text-red-700" />
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
    </section>
  );
}

/** The two confirmations, rendered beside the drawer. */
export function ScheduleConfirmDialogs({
  message,
  actions,
}: {
  message: MessageDetail | undefined;
  actions: ScheduleCancels;
}) {
  const summary = useBatchSummary(message);
  const { confirming, setConfirming, cancel, cancelBatch } = actions;
  if (!message || !actions.canCancel) return null;
  const due = message.sendAt ? formatLocalAndUtc(message.sendAt).local : "";
  const close = (open: boolean) => {
    if (open) return;
    setConfirming(null);
    cancel.reset();
    cancelBatch.reset();
  };
  return (
    <>
      <ConfirmDialog
        open={confirming === "message"}
        onOpenChange={close}
        title="Cancel this scheduled message?"
        description={
          <div className="space-y-2">
            <p>
              The message to <span className="font-mono text-[13px]">{message.to}</span> due {due} will never be sent
              {message.environment === "live" ? ", and what it held of your monthly spend is released" : ""}.
            </p>
            <p>This cannot be undone: schedule a new message to send it after all.</p>
            {cancel.error ? <ErrorText error={cancel.error} className="text-red-700" /> : null}
          </div>
        }
        confirmLabel="Cancel message"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate({ id: message.id })}
      />
      <ConfirmDialog
        open={confirming === "batch"}
        onOpenChange={close}
        title="Cancel every scheduled message of this batch?"
        description={
          <div className="space-y-2">
            <p>
              {summary.data?.counts.SCHEDULED ?? 0} messages still waiting for their send time will never be sent.
              Messages already queued or sent are not affected.
            </p>
            {cancelBatch.error ? <ErrorText error={cancelBatch.error} className="text-red-700" /> : null}
          </div>
        }
        confirmLabel="Cancel all scheduled"
        pending={cancelBatch.isPending}
        onConfirm={() => message.batchId && cancelBatch.mutate({ batchId: message.batchId })}
      />
    </>
  );
}
