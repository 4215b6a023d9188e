"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRound, Plus } from "lucide-react";
import { toast } from "sonner";
import { MAX_KEYS_PER_ORGANIZATION, type ApiKeyView } from "@/schemas/api-keys";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useCan } from "../dashboard/dashboard-context";
import { ApiKeysTable, type KeyActions } from "./api-keys-table";
import { CreateKeyDialog } from "./create-key-dialog";
import { EditKeyDialog } from "./edit-key-dialog";
import { RawKeyDialog, type RevealedKey } from "./raw-key-dialog";

function KeyName({ apiKey }: { apiKey: ApiKeyView | null }) {
  if (!apiKey) return null;
  return (
    <>
      <strong className="font-medium text-slate-900">{apiKey.name}</strong>{" "}
      <code className="font-mono text-[13px] text-slate-500">({apiKey.keyPrefix})</code>
    </>
  );
}

export function ApiKeysPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canManage = useCan("apiKeys.manage");
  const keys = useQuery(trpc.apiKeys.list.queryOptions());

  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKeyView | null>(null);
  const [regenerating, setRegenerating] = useState<ApiKeyView | null>(null);
  const [deleting, setDeleting] = useState<ApiKeyView | null>(null);
  const [revealed, setRevealed] = useState<RevealedKey | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });

  const setActive = useMutation(
    trpc.apiKeys.setActive.mutationOptions({
      onSuccess: async (key) => {
        toast.success(
          key.isActive
            ? `Enabled “${key.name}”. It works again from the next request.`
            : `Disabled “${key.name}”. Requests with it now fail with 401.`,
        );
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );

  const regenerate = useMutation(
    trpc.apiKeys.regenerate.mutationOptions({
      onSuccess: async (result) => {
        const environment = regenerating?.environment ?? (result.rawKey.startsWith("sg_live_") ? "live" : "test");
        setRegenerating(null);
        setRevealed({ kind: "regenerated", name: result.name, rawKey: result.rawKey, environment });
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );

  const remove = useMutation(
    trpc.apiKeys.remove.mutationOptions({
      onSuccess: async () => {
        toast.success(`Deleted “${deleting?.name ?? "API key"}”`);
        setDeleting(null);
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );

  const actions: KeyActions | null = canManage
    ? {
        onEdit: setEditing,
        onSetActive: (key, isActive) => setActive.mutate({ id: key.id, isActive }),
        onRegenerate: setRegenerating,
        onDelete: setDeleting,
      }
    : null;

  const count = keys.data?.length ?? 0;
  const atLimit = count >= MAX_KEYS_PER_ORGANIZATION;
  const createButton = (
    <Button
      onClick={() => setCreating(true)}
      disabled={atLimit}
      title={atLimit ? `An organization can have at most ${MAX_KEYS_PER_ORGANIZATION} API keys.` : undefined}
    >
      <Plus aria-hidden className="size-4" />
      Create API key
    </Button>
  );

  return (
    <div>
      <PageHeader
        title="API keys"
        description={
          <>
            Keys authenticate your servers&apos; calls to the SMS and OTP endpoints.{" "}
            <code className="font-mono text-[13px]">sg_test_</code> keys use the sandbox;{" "}
            <code className="font-mono text-[13px]">sg_live_</code> keys send real messages.
          </>
        }
        actions={
          keys.isSuccess && count > 0 ? (
            <>
              <span className="text-xs text-slate-500 tabular-nums" title="Keys in this organization, of the limit">
                {count} of {MAX_KEYS_PER_ORGANIZATION} keys
              </span>
              {canManage ? createButton : null}
            </>
          ) : null
        }
      />

      {keys.isPending ? (
        <TableSkeleton rows={3} columns={7} />
      ) : keys.isError ? (
        <ErrorState title="Could not load API keys" error={keys.error} onRetry={() => void keys.refetch()} />
      ) : count === 0 ? (
        <EmptyState icon={KeyRound} title="No API keys yet" action={canManage ? createButton : undefined}>
          Create a key for each server that sends SMS or OTP codes, with only the permissions it needs. Start with a
          sandbox key: it works exactly like a production key without delivering real messages.
        </EmptyState>
      ) : (
        <ApiKeysTable keys={keys.data} now={keys.dataUpdatedAt} actions={actions} />
      )}

      {canManage ? (
        <>
          <CreateKeyDialog open={creating} onOpenChange={setCreating} onCreated={setRevealed} />
          <EditKeyDialog apiKey={editing} onClose={() => setEditing(null)} />
          <RawKeyDialog revealed={revealed} onClose={() => setRevealed(null)} />
          <ConfirmDialog
            open={regenerating !== null}
            onOpenChange={(open) => {
              if (!open) setRegenerating(null);
            }}
            title="Regenerate secret?"
            description={
              <div className="space-y-2">
                <p>
                  A new secret replaces the current one of <KeyName apiKey={regenerating} />.
                </p>
                <p className="font-medium text-slate-900">
                  The current secret stops working immediately: servers still using it get 401 errors until you deploy
                  the new one.
                </p>
                <p>Name, permissions, IP restrictions and expiry stay the same.</p>
              </div>
            }
            confirmLabel="Regenerate secret"
            pending={regenerate.isPending}
            onConfirm={() => regenerating && regenerate.mutate({ id: regenerating.id })}
          />
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => {
              if (!open) setDeleting(null);
            }}
            title="Delete API key?"
            description={
              <div className="space-y-2">
                <p>
                  <KeyName apiKey={deleting} /> will be deleted. Requests made with it fail with 401 from now on.
                </p>
                <p>This cannot be undone. To stop a key for a while, disable it instead.</p>
              </div>
            }
            confirmLabel="Delete key"
            pending={remove.isPending}
            onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
          />
        </>
      ) : null}
    </div>
  );
}
