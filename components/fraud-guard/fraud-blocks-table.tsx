"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ShieldCheck } from "lucide-react";
import { toast } from "sonner";
import { describeBlockFigures, type FraudBlockView } from "@/schemas/fraud-guard";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { ActionsCell, ActionsHeader } from "../ui/row-actions";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";

import { Time } from "../ui/time";

function Status({ block }: { block: FraudBlockView }) {
  if (block.active) return <Badge tone="red">Blocked</Badge>;
  return <Badge tone="gray">{block.liftedAt ? "Unblocked" : "Expired"}</Badge>;
}

/** Active and past blocks with their reasons, and Unblock for owners and admins. */
export function FraudBlocksTable({ canManage }: { canManage: boolean }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const blocks = useQuery(
    trpc.fraudGuard.blocks.queryOptions({ status: "all", limit: 50 }, { refetchInterval: 15_000 }),
  );
  const [unblocking, setUnblocking] = useState<FraudBlockView | null>(null);
  const unblock = useMutation(
    trpc.fraudGuard.unblock.mutationOptions({
      onSuccess: async () => {
        toast.success(`${unblocking?.prefix} unblocked`);
        setUnblocking(null);
        await queryClient.invalidateQueries({ queryKey: trpc.fraudGuard.blocks.queryKey() });
      },
      onError: (err) => toastError(err),
    }),
  );

  return (
    <section aria-labelledby="fraud-blocks-title">
      <h2 id="fraud-blocks-title" className="mb-3 text-base font-semibold text-slate-900">
        Blocked ranges
      </h2>
      {blocks.isPending ? (
        <Skeleton className="h-32" />
      ) : blocks.isError ? (
        <ErrorState title="Could not load blocks" error={blocks.error} onRetry={() => void blocks.refetch()} />
      ) : blocks.data.length === 0 ? (
        <EmptyState icon={ShieldCheck} title="No range has been blocked">
          When a number range receives many OTP codes that are never verified, it is blocked here with the figures that
          caused it.
        </EmptyState>
      ) : (
        <Table label="Fraud guard blocks">
          <THead>
            <tr>
              <TH>Range</TH>
              <TH>Status</TH>
              <TH>Why</TH>
              <TH>Blocked</TH>
              {canManage ? <ActionsHeader label="Actions" /> : null}
            </tr>
          </THead>
          <TBody>
            {blocks.data.map((b) => (
              <TR key={`${b.prefix}-${b.blockedAt}`} data-testid="fraud-block-row">
                <TD className="font-mono">
                  {b.prefix}
                  <span className="block font-sans text-xs text-slate-500">
                    {b.scope === "country" ? "all numbers in the country" : (b.country ?? "unknown country")} ·{" "}
                    {b.environment}
                  </span>
                </TD>
                <TD>
                  <Status block={b} />
                  <span className="mt-1 block text-xs text-slate-500 tabular-nums" title="OTP codes sent / verified">
                    {b.sends} sent / {b.verified} verified
                  </span>
                </TD>
                <TD className="min-w-[16rem]">
                  {/* The sentence wraps in the room left; its times are in the viewer's zone, named. */}
                  <p className="text-xs leading-5 whitespace-normal text-slate-600" data-testid="fraud-block-reason">
                    {describeBlockFigures(b)}{" "}
                    {b.liftedAt ? (
                      <>
                        Unblocked <Time at={b.liftedAt} />.
                      </>
                    ) : (
                      <>
                        Blocked until <Time at={b.until} />.
                      </>
                    )}
                  </p>
                </TD>
                <TD>
                  <Time at={b.blockedAt} />
                </TD>
                {canManage ? (
                  <ActionsCell>
                    {b.active ? (
                      <Button size="sm" variant="secondary" onClick={() => setUnblocking(b)}>
                        Unblock
                      </Button>
                    ) : null}
                  </ActionsCell>
                ) : null}
              </TR>
            ))}
          </TBody>
        </Table>
      )}
      <ConfirmDialog
        open={unblocking !== null}
        onOpenChange={(open) => !open && setUnblocking(null)}
        title={`Unblock ${unblocking?.prefix ?? ""}?`}
        description="OTP codes to this range will be sent (and billed) again at once, and its counts start from zero. If the pumping goes on, the range is blocked again."
        confirmLabel="Unblock"
        pending={unblock.isPending}
        onConfirm={() => unblocking && unblock.mutate({ prefix: unblocking.prefix })}
      />
    </section>
  );
}
