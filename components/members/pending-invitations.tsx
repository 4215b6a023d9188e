"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import type { InvitationView } from "@/schemas/accounts";
import { Button } from "../ui/button";
import { ConfirmDialog, Dialog } from "../ui/dialog";
import { ErrorState } from "../ui/error-state";
import { ActionsCell, ActionsHeader, RowActions } from "../ui/row-actions";
import { TableSkeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useDashboard } from "../dashboard/dashboard-context";
import { RoleBadge } from "../dashboard/role-badge";
import { Time } from "../ui/time";
import { emailOutcome, useEmailSetup } from "../account/email-delivery";
import { InvitationLinkPanel } from "./invitation-link";

/**
 * Pending invitations with copy link, resend (when this server sends email) and revoke (owners and
 * admins only; the page decides).
 */
export function PendingInvitations() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { organization, role: myRole } = useDashboard();
  const invitations = useQuery(trpc.members.invitations.queryOptions());
  const [revoking, setRevoking] = useState<InvitationView | null>(null);
  const delivery = useEmailSetup()?.delivery;
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.members.invitations.queryKey() });

  const resend = useMutation(
    trpc.members.resendInvitation.mutationOptions({
      onSuccess: async (inv) => {
        toast.success(
          delivery && delivery !== "smtp"
            ? `New invitation link for ${inv.email}. ${emailOutcome(delivery, "the invitation", inv.email)}`
            : `Sent a new invitation link to ${inv.email}`,
        );
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );
  const copyLink = useMutation(
    trpc.members.copyInvitationLink.mutationOptions({
      onSuccess: () => refresh(),
      onError: (error) => toastError(error),
    }),
  );
  const linkFor = invitations.data?.find((inv) => inv.id === copyLink.variables?.invitationId);
  const revoke = useMutation(
    trpc.members.revokeInvitation.mutationOptions({
      onSuccess: async () => {
        toast.success(`Revoked the invitation of ${revoking?.email ?? "that address"}`);
        setRevoking(null);
        await refresh();
      },
      onError: (error) => toastError(error),
    }),
  );

  if (invitations.isPending) return <TableSkeleton rows={1} columns={4} />;
  if (invitations.isError) {
    return (
      <ErrorState
        title="Could not load invitations"
        error={invitations.error}
        onRetry={() => void invitations.refetch()}
      />
    );
  }
  if (invitations.data.length === 0) return null;

  return (
    <section aria-labelledby="pending-invitations" className="mt-8">
      <h2 id="pending-invitations" className="mb-3 text-sm font-semibold text-slate-900">
        Pending invitations
      </h2>
      <Table label="Pending invitations">
        <THead>
          <tr>
            <TH>Email</TH>
            <TH>Role</TH>
            <TH>Sent</TH>
            <TH>Expires</TH>
            <ActionsHeader />
          </tr>
        </THead>
        <TBody>
          {invitations.data.map((inv) => (
            <TR key={inv.id}>
              <TD className="font-medium text-slate-900">{inv.email}</TD>
              <TD>
                <RoleBadge role={inv.role} />
              </TD>
              <TD className="text-slate-500">
                <Time at={inv.createdAt} format="date" />
              </TD>
              <TD className="text-slate-500">
                <Time at={inv.expiresAt} format="date" />
              </TD>
              <ActionsCell>
                {inv.role !== "owner" || myRole === "owner" ? (
                  <RowActions
                    label={`Actions for the invitation of ${inv.email}`}
                    width="min-w-48"
                    actions={[
                      { label: "Copy invitation link…", onSelect: () => copyLink.mutate({ invitationId: inv.id }) },
                      // Without any email going out, "resend" would send nothing.
                      ...(delivery === "logOnly"
                        ? []
                        : [{ label: "Resend invitation", onSelect: () => resend.mutate({ invitationId: inv.id }) }]),
                      { label: "Revoke invitation…", tone: "danger" as const, onSelect: () => setRevoking(inv) },
                    ]}
                  />
                ) : null}
              </ActionsCell>
            </TR>
          ))}
        </TBody>
      </Table>
      <Dialog
        open={copyLink.isSuccess}
        onOpenChange={(open) => {
          if (!open) copyLink.reset();
        }}
        size="md"
        title="Invitation link"
        description={linkFor ? `For ${linkFor.email}, to join ${organization.name}.` : null}
        footer={<Button onClick={() => copyLink.reset()}>Done</Button>}
      >
        {copyLink.data ? (
          <InvitationLinkPanel email={linkFor?.email ?? ""} url={copyLink.data.url} delivery={delivery} fresh />
        ) : null}
      </Dialog>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        title="Revoke invitation?"
        description={
          <>
            The link sent to <strong className="font-medium text-slate-900">{revoking?.email}</strong> stops working at
            once; they will not join {organization.name}. You can invite them again later.
          </>
        }
        confirmLabel="Revoke invitation"
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate({ invitationId: revoking.id })}
      />
    </section>
  );
}
