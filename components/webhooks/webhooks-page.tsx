"use client";

import { useMemo, useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { Activity, Plus, Webhook } from "lucide-react";
import { Button, buttonClasses } from "../ui/button";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { CreateWebhookDialog } from "./create-webhook-dialog";
import { useWebhookActions } from "./use-webhook-actions";
import { VerifySignatures } from "./verify-signatures";
import { WebhooksTable } from "./webhooks-table";

export function WebhooksPage() {
  const trpc = useTRPC();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions());
  const health = useQuery(trpc.webhooks.health.queryOptions());
  const healthById = useMemo(() => new Map((health.data ?? []).map((h) => [h.webhookId, h])), [health.data]);
  const { actions, dialogs, reveal } = useWebhookActions();
  const [creating, setCreating] = useState(false);

  const count = webhooks.data?.length ?? 0;
  const createButton = actions ? (
    <Button onClick={() => setCreating(true)}>
      <Plus aria-hidden className="size-4" />
      Add endpoint
    </Button>
  ) : null;

  return (
    <div>
      <PageHeader
        title="Webhooks"
        description="Endpoints on your servers that SignalGate calls when a message changes state or an OTP is verified, signed with HMAC-SHA256 when they have a secret."
        actions={
          <div className="flex items-center gap-2">
            {/* Every event and what each webhook answered; also what `signalgate listen` streams. */}
            <Link href="/dashboard/events" className={buttonClasses("secondary")}>
              <Activity aria-hidden className="size-4" />
              Events
            </Link>
            {webhooks.isSuccess && count > 0 ? createButton : null}
          </div>
        }
      />

      {webhooks.isPending ? (
        <TableSkeleton rows={3} columns={5} />
      ) : webhooks.isError ? (
        <ErrorState title="Could not load webhooks" error={webhooks.error} onRetry={() => void webhooks.refetch()} />
      ) : count === 0 ? (
        <EmptyState icon={Webhook} title="No webhooks yet" action={createButton ?? undefined}>
          Add an endpoint to hear about events as they happen — such as{" "}
          <code className="font-mono text-[13px]">message.delivered</code> — instead of polling. Failed deliveries are
          retried after 1 minute, 5 minutes, 30 minutes, 2 hours and 24 hours.
        </EmptyState>
      ) : (
        <WebhooksTable webhooks={webhooks.data} health={healthById} actions={actions} />
      )}

      <VerifySignatures />

      {actions ? <CreateWebhookDialog open={creating} onOpenChange={setCreating} onCreated={reveal} /> : null}
      {dialogs}
    </div>
  );
}
