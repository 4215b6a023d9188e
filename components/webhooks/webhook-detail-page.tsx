"use client";

import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { Pencil, Power, PowerOff, Send, Trash2, Webhook } from "lucide-react";
import type { WebhookView } from "@/schemas/webhooks";
import { Button } from "../ui/button";
import { Card } from "../ui/card";
import { Chip } from "../ui/chips";
import { useTRPC } from "../trpc/client";
import { BackLink, DetailHeader, DetailItem, RecordStates } from "../dashboard/detail-page";

import { DeliveryLog } from "../delivery-logs/delivery-log";
import { ALL_EVENTS, orderEvents } from "./events";
import { useWebhookActions, type WebhookActions } from "./use-webhook-actions";
import { WebhookStatus } from "./webhook-cells";
import { VerifySignatures } from "./verify-signatures";
import { SigningSecret } from "./signing-secret";
import { Time } from "../ui/time";

/** One webhook: what it is subscribed to, its state, what can be done to it, and its delivery log. */
export function WebhookDetailPage({ webhookId }: { webhookId: string }) {
  const trpc = useTRPC();
  const router = useRouter();
  const webhook = useQuery(trpc.webhooks.byId.queryOptions({ id: webhookId }));
  const { actions, dialogs } = useWebhookActions({ onDeleted: () => router.push("/dashboard/webhooks") });

  return (
    <div>
      <BackLink href="/dashboard/webhooks">Webhooks</BackLink>
      <RecordStates query={webhook} noun="webhook" icon={Webhook}>
        {(w) => (
          <>
            <Header webhook={w} actions={actions} />
            <Summary webhook={w} />
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
      </RecordStates>
      {dialogs}
    </div>
  );
}

function Header({ webhook: w, actions }: { webhook: WebhookView; actions: WebhookActions | null }) {
  return (
    <DetailHeader
      title={w.name}
      titleClassName="truncate"
      subtitle={
        <code className="block truncate font-mono text-[13px] text-slate-500" title={w.url}>
          {w.url}
        </code>
      }
      actions={
        actions ? (
          <>
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
          </>
        ) : null
      }
    />
  );
}

function Summary({ webhook: w }: { webhook: WebhookView }) {
  const events = orderEvents(w.events);
  const trpc = useTRPC();
  const health = useQuery(trpc.webhooks.health.queryOptions());
  return (
    <Card>
      <dl className="grid gap-x-6 gap-y-4 px-5 py-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.2fr)_minmax(0,2fr)_auto_auto]">
        <DetailItem label="Status">
          <WebhookStatus webhook={w} health={health.data?.find((h) => h.webhookId === w.id)} detailed />
        </DetailItem>
        <DetailItem label="Events">
          <span className="flex flex-wrap gap-1">
            {events.map((e) => (
              <Chip key={e}>{e === ALL_EVENTS ? "* (all events)" : e}</Chip>
            ))}
          </span>
        </DetailItem>
        <DetailItem label="Signing">
          <SigningSecret webhook={w} />
        </DetailItem>
        <DetailItem label="Created">
          <Time at={w.createdAt} />
        </DetailItem>
      </dl>
    </Card>
  );
}
