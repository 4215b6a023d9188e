"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, Pencil, Power, PowerOff, Send, Trash2, Webhook } from "lucide-react";
import type { WebhookView } from "@/schemas/webhooks";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Chip } from "../ui/chips";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { errorCode, errorMessage } from "../trpc/errors";

import { DeliveryLog } from "../delivery-logs/delivery-log";
import { ALL_EVENTS, orderEvents } from "./events";
import { useWebhookActions, type WebhookActions } from "./use-webhook-actions";
import { WebhookStatus } from "./webhook-cells";
import { VerifySignatures } from "./verify-signatures";
import { Time } from "../ui/time";

/** One webhook: what it is subscribed to, its state, what can be done to it, and its delivery log. */
export function WebhookDetailPage({ webhookId }: { webhookId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const webhook = useQuery(trpc.webhooks.byId.queryOptions({ id: webhookId }));
  const { actions, dialogs } = useWebhookActions({ onDeleted: () => router.push("/dashboard/webhooks") });

  return (
    <div>
      <Link
        href="/dashboard/webhooks"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-800"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Webhooks
      </Link>

      {webhook.isPending ? (
        <div role="status" aria-label="Loading" className="space-y-3">
          <Skeleton className="h-7 w-64" />
          <Skeleton className="h-4 w-96" />
          <Skeleton className="mt-6 h-28 w-full" />
        </div>
      ) : webhook.isError ? (
        errorCode(webhook.error) === "not_found" ? (
          <EmptyState icon={Webhook} title="Webhook not found">
            It may have been deleted, or it belongs to another organization.
          </EmptyState>
        ) : (
          <ErrorState
            title="Could not load this webhook"
            message={errorMessage(webhook.error)}
            onRetry={() => void webhook.refetch()}
          />
        )
      ) : (
        <>
          <Header webhook={webhook.data} actions={actions} />
          <Summary webhook={webhook.data} />
          <h2 className="mt-8 mb-3 text-base font-semibold text-slate-900">Deliveries</h2>
          <DeliveryLog
            webhookId={webhookId}
            emptyHint={
              actions
                ? "Nothing was sent to this endpoint yet. Send a test event to see a delivery appear here."
                : "Nothing was sent to this endpoint yet."
            }
          />
          <VerifySignatures />
        </>
      )}
      {dialogs}
    </div>
  );
}

function Header({ webhook: w, actions }: { webhook: WebhookView; actions: WebhookActions | null }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0 space-y-1">
        <h1 className="truncate text-xl font-semibold tracking-tight text-slate-900">{w.name}</h1>
        <code className="block truncate font-mono text-[13px] text-slate-500" title={w.url}>
          {w.url}
        </code>
      </div>
      {actions ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onClick={() => actions.onEdit(w)}>
            <Pencil aria-hidden className="size-4" />
            Edit
          </Button>
          <Button variant="secondary" onClick={() => actions.onSetActive(w, !w.isActive)}>
            {w.isActive ? <PowerOff aria-hidden className="size-4" /> : <Power aria-hidden className="size-4" />}
            {w.isActive ? "Disable" : "Enable"}
          </Button>
          <Button variant="ghost" aria-label="Delete webhook" onClick={() => actions.onDelete(w)}>
            <Trash2 aria-hidden className="size-4 text-red-600" />
          </Button>
          <Button onClick={() => actions.onTest(w)}>
            <Send aria-hidden className="size-4" />
            Send test event
          </Button>
        </div>
      ) : null}
    </div>
  );
}

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Summary({ webhook: w }: { webhook: WebhookView }) {
  const events = orderEvents(w.events);
  const trpc = useTRPC();
  const health = useQuery(trpc.webhooks.health.queryOptions());
  return (
    <Card>
      <dl className="grid gap-x-6 gap-y-4 px-5 py-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)_auto_auto]">
        <Item label="Status">
          <WebhookStatus webhook={w} health={health.data?.find((h) => h.webhookId === w.id)} detailed />
        </Item>
        <Item label="Events">
          <span className="flex flex-wrap gap-1">
            {events.map((e) => (
              <Chip key={e}>{e === ALL_EVENTS ? "* (all events)" : e}</Chip>
            ))}
          </span>
        </Item>
        <Item label="Signing">
          <span data-testid="webhook-signing" className={w.hasSecret ? undefined : "text-amber-700"}>
            {w.hasSecret ? "HMAC-SHA256" : "Unsigned"}
          </span>
        </Item>
        <Item label="Created">
          <Time at={w.createdAt} />
        </Item>
      </dl>
    </Card>
  );
}
