"use client";

import { useState, type ReactNode } from "react";
import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { WebhookView } from "@/schemas/webhooks";
import { ConfirmDialog } from "../ui/dialog";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";
import { EditWebhookDialog } from "./edit-webhook-dialog";
import { SecretDialog, type RevealedSecret } from "./secret-dialog";
import { TestWebhookDialog } from "./test-webhook-dialog";

export interface WebhookActions {
  onOpen: (webhook: WebhookView) => void;
  onEdit: (webhook: WebhookView) => void;
  onTest: (webhook: WebhookView) => void;
  onSetActive: (webhook: WebhookView, isActive: boolean) => void;
  onDelete: (webhook: WebhookView) => void;
}

/**
 * What can be done to a webhook, shared by the list and the detail page: the handlers, and the
 * dialogs they open (render `dialogs` once). Both are null for roles that may only look.
 */
export function useWebhookActions({ onDeleted }: { onDeleted?: () => void } = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const canManage = useCan("webhooks.manage");
  const [editing, setEditing] = useState<WebhookView | null>(null);
  const [testing, setTesting] = useState<WebhookView | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [revealed, setRevealed] = useState<RevealedSecret | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });

  const setActive = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async (webhook) => {
        toast.success(
          webhook.isActive
            ? `Enabled “${webhook.name}”. New events are delivered to it again.`
            : `Disabled “${webhook.name}”. Events that happen while it is disabled are not sent to it.`,
        );
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );

  const remove = useMutation(
    trpc.webhooks.remove.mutationOptions({
      onSuccess: async () => {
        toast.success(`Deleted “${deleting?.name ?? "webhook"}”`);
        setDeleting(null);
        onDeleted?.();
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );

  const actions: WebhookActions | null = canManage
    ? {
        onOpen: (w) => router.push(`/dashboard/webhooks/${w.id}`),
        onEdit: setEditing,
        onTest: setTesting,
        onSetActive: (w, isActive) => setActive.mutate({ id: w.id, isActive }),
        onDelete: setDeleting,
      }
    : null;

  const dialogs: ReactNode = canManage ? (
    <>
      <EditWebhookDialog webhook={editing} onClose={() => setEditing(null)} onSecret={setRevealed} />
      <TestWebhookDialog webhook={testing} onClose={() => setTesting(null)} />
      <SecretDialog revealed={revealed} onClose={() => setRevealed(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title="Delete webhook?"
        description={
          <div className="space-y-2">
            <p>
              <strong className="font-medium text-slate-900">{deleting?.name}</strong> and its delivery log will be
              deleted. Events are no longer sent to{" "}
              <code className="font-mono text-[13px] break-all text-slate-700">{deleting?.url}</code>, and pending
              retries stop.
            </p>
            <p>This cannot be undone. To pause deliveries for a while, disable it instead.</p>
          </div>
        }
        confirmLabel="Delete webhook"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </>
  ) : null;

  return { actions, dialogs, reveal: setRevealed };
}
