"use client";

import Link from "next/link";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CircleX, Send } from "lucide-react";
import type { TestResult, WebhookView } from "@/schemas/webhooks";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { useTRPC } from "../trpc/client";
import { FormError } from "../ui/form-dialog";
import { cn } from "../ui/cn";

/**
 * Sends a `webhook.test` event now (whatever the webhook subscribes to, even while it is disabled;
 * signed when it has a secret) and shows how the endpoint answered. The test is logged like any
 * delivery.
 */
export function TestWebhookDialog({ webhook, onClose }: { webhook: WebhookView | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [forId, setForId] = useState(webhook?.id);
  const test = useMutation(
    trpc.webhooks.test.mutationOptions({
      // A test logs a delivery, and a 410 answer disables the webhook: refresh both.
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() }),
    }),
  );
  if (webhook && webhook.id !== forId) {
    setForId(webhook.id);
    test.reset();
  }

  const send = () => webhook && test.mutate({ id: webhook.id });

  return (
    <Dialog
      open={webhook !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      busy={test.isPending}
      title="Send a test event"
      description={
        webhook ? (
          <span className="block truncate font-mono text-[13px]" title={webhook.url}>
            {webhook.url}
          </span>
        ) : null
      }
      footer={
        <>
          <Button variant="secondary" disabled={test.isPending} onClick={onClose}>
            Done
          </Button>
          <Button onClick={send} loading={test.isPending}>
            {test.isPending ? null : <Send aria-hidden className="size-4" />}
            {test.data || test.isError ? "Send again" : "Send test event"}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-600">
        <p>
          SignalGate POSTs a <code className="font-mono text-[13px] text-slate-800">webhook.test</code> event to this
          endpoint now, {webhook?.hasSecret === false ? "unsigned" : "signed"} like every other delivery, and waits up
          to 30 seconds for a 2xx answer. It is sent once, without retries, and appears in the delivery log.
        </p>
        {test.isPending ? (
          <p
            role="status"
            className="rounded-lg bg-slate-50 px-3.5 py-3 text-slate-500 ring-1 ring-slate-200 ring-inset"
          >
            Waiting for your endpoint to answer…
          </p>
        ) : test.data ? (
          <TestOutcome result={test.data} webhookId={webhook?.id ?? ""} />
        ) : (
          <FormError error={test.isError ? test.error : null} />
        )}
      </div>
    </Dialog>
  );
}

function TestOutcome({ result, webhookId }: { result: TestResult; webhookId: string }) {
  const ok = result.success;
  const Icon = ok ? CircleCheck : CircleX;
  return (
    <div
      role="status"
      data-testid="test-result"
      data-success={ok}
      className={cn(
        "rounded-lg border px-3.5 py-3",
        ok ? "border-emerald-200 bg-emerald-50" : "border-red-200 bg-red-50",
      )}
    >
      <div className="flex items-start gap-3">
        <Icon aria-hidden className={cn("mt-0.5 size-4 shrink-0", ok ? "text-emerald-600" : "text-red-500")} />
        <div className="min-w-0 flex-1">
          <p className={cn("font-medium", ok ? "text-emerald-900" : "text-red-800")}>
            {ok ? "Delivered: your endpoint accepted the test event." : "The test event was not accepted."}
          </p>
          {result.error ? <p className="mt-0.5 break-words text-red-700">{result.error}</p> : null}
          <dl className="mt-2 flex flex-wrap gap-x-6 gap-y-1 text-xs">
            <div className="flex gap-1.5">
              <dt className="text-slate-500">Status code</dt>
              <dd className="font-mono font-medium text-slate-900">{result.statusCode ?? "none"}</dd>
            </div>
            <div className="flex gap-1.5">
              <dt className="text-slate-500">Response time</dt>
              <dd className="font-medium text-slate-900 tabular-nums">{result.responseTimeMs} ms</dd>
            </div>
          </dl>
        </div>
      </div>
      <Link
        href={`/dashboard/webhooks/${webhookId}`}
        className="mt-2 ml-7 inline-block text-xs font-medium text-indigo-600 hover:text-indigo-500"
      >
        See it in the delivery log →
      </Link>
    </div>
  );
}
