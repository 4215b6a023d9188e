"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pencil, Plus, Shuffle, Trash2 } from "lucide-react";
import { toast } from "sonner";
import type { SenderPoolView } from "@/schemas/sender-pools";
import { useCan } from "../dashboard/dashboard-context";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { CompactChips } from "../ui/chips";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { PageHeader } from "../ui/page-header";
import { ActionsCell, ActionsHeader, RowActions } from "../ui/row-actions";
import { TableSkeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { SenderPoolFormDialog } from "./sender-pool-form-dialog";

/** contract §15: the organization's sender pools; owner, admin and developer manage, support reads. */
export function SenderPoolsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canManage = useCan("senderPools.manage");
  const pools = useQuery(trpc.senderPools.list.queryOptions());
  // The open form: "new", a pool being edited, or none. Keyed so each opening starts from its pool.
  const [form, setForm] = useState<"new" | SenderPoolView | null>(null);
  const [deleting, setDeleting] = useState<SenderPoolView | null>(null);
  const remove = useMutation(
    trpc.senderPools.delete.mutationOptions({
      onSuccess: async () => {
        toast.success("Pool deleted");
        setDeleting(null);
        await queryClient.invalidateQueries({ queryKey: trpc.senderPools.list.queryKey() });
      },
      onError: (err) => toastError(err),
    }),
  );
  const createButton = canManage ? (
    <Button onClick={() => setForm("new")}>
      <Plus aria-hidden className="size-4" />
      New pool
    </Button>
  ) : null;
  const count = pools.data?.length ?? 0;
  return (
    <div>
      <PageHeader
        title="Sender pools"
        description='Several numbers, and a sender ID, behind one "from". Send with from: "pool_…" and each recipient gets the right sender: the same number as last time, a local one, or the least busy.'
        actions={pools.isSuccess && count > 0 ? createButton : null}
      />
      {pools.isPending ? (
        <TableSkeleton rows={3} columns={5} />
      ) : pools.isError ? (
        <ErrorState title="Could not load sender pools" error={pools.error} onRetry={() => void pools.refetch()} />
      ) : count === 0 ? (
        <EmptyState icon={Shuffle} title="No sender pools yet" action={createButton ?? undefined}>
          A pool spreads a campaign over several numbers, keeps each recipient on the number they know, and sends from a
          local number or your brand name where the country allows it.
        </EmptyState>
      ) : (
        <Table label="Sender pools">
          <THead>
            <tr>
              <TH>Name</TH>
              <TH>Id</TH>
              <TH>Numbers</TH>
              <TH>Sender ID</TH>
              <TH>Selection</TH>
              {canManage ? <ActionsHeader /> : null}
            </tr>
          </THead>
          <TBody>
            {pools.data.map((p) => (
              <TR key={p.id} data-testid="sender-pool-row">
                <TD className="font-medium text-slate-900">{p.name}</TD>
                <TD className="font-mono text-xs text-slate-600">{p.id}</TD>
                <TD>{p.numbers.length > 0 ? <CompactChips values={p.numbers} noun="numbers" /> : "—"}</TD>
                <TD>{p.alphanumericSenderId ?? "—"}</TD>
                <TD className="space-x-1">
                  {p.stickySender ? <Badge tone="indigo">Sticky</Badge> : null}
                  {p.geoMatch ? <Badge tone="blue">Geo-match</Badge> : null}
                  {!p.stickySender && !p.geoMatch ? <Badge tone="gray">Least loaded</Badge> : null}
                </TD>
                {canManage ? (
                  <ActionsCell>
                    <RowActions
                      label={`Actions for ${p.name}`}
                      actions={[
                        { label: "Edit", icon: Pencil, onSelect: () => setForm(p) },
                        {
                          label: "Delete",
                          icon: Trash2,
                          tone: "danger",
                          separated: true,
                          onSelect: () => setDeleting(p),
                        },
                      ]}
                    />
                  </ActionsCell>
                ) : null}
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      {form ? (
        <SenderPoolFormDialog
          key={form === "new" ? "new" : form.id}
          open
          onClose={() => setForm(null)}
          pool={form === "new" ? undefined : form}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={`Delete ${deleting?.name ?? "pool"}?`}
        description="Sends naming this pool will be refused (404). Messages already sent through it keep its id."
        confirmLabel="Delete pool"
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
