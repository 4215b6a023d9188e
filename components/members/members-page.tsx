"use client";

import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { UserPlus, Users } from "lucide-react";
import { toast } from "sonner";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { EmptyState } from "../ui/empty-state";
import { ErrorState } from "../ui/error-state";
import { ActionsCell, ActionsHeader, RowActions } from "../ui/row-actions";
import { PageHeader } from "../ui/page-header";
import { TableSkeleton } from "../ui/skeleton";
import { Table, TBody, TD, TH, THead, TR } from "../ui/table";
import { useTRPC } from "../trpc/client";
import { toastError } from "../trpc/error-notice";
import { useCan, useDashboard } from "../dashboard/dashboard-context";
import { RoleBadge } from "../dashboard/role-badge";
import { InviteMemberDialog } from "./invite-member-dialog";
import { PendingInvitations } from "./pending-invitations";
import { ChangeRoleDialog, type MemberRef } from "./change-role-dialog";
import { RolesExplained } from "./roles-explained";
import { Time } from "../ui/time";

export function MembersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { organization, role: myRole } = useDashboard();
  const canManage = useCan("members.manage");
  const members = useQuery(trpc.members.list.queryOptions());
  const [adding, setAdding] = useState(false);
  const [changing, setChanging] = useState<MemberRef | null>(null);
  const [removing, setRemoving] = useState<MemberRef | null>(null);

  const remove = useMutation(
    trpc.members.remove.mutationOptions({
      onSuccess: async () => {
        const who = removing;
        toast.success(`Removed ${who?.name ?? who?.email ?? "member"} from ${organization.name}`);
        setRemoving(null);
        if (who?.isYou) {
          router.refresh();
          return;
        }
        await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
      },
      onError: (error) => toastError(error),
    }),
  );

  // Admins manage everyone except owners (only owners touch the owner role).
  const mayEdit = (m: MemberRef) => canManage && (m.role !== "owner" || myRole === "owner");

  return (
    <div>
      <PageHeader
        title="Members"
        description={`People who can sign in to ${organization.name}, and what their role lets them do.`}
        actions={
          canManage ? (
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden className="size-4" />
              Invite member
            </Button>
          ) : null
        }
      />

      {members.isPending ? (
        <TableSkeleton rows={3} columns={4} />
      ) : members.isError ? (
        <ErrorState title="Could not load members" error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.length === 0 ? (
        <EmptyState icon={Users} title="No members">
          Nobody belongs to this organization.
        </EmptyState>
      ) : (
        <Table label="Members">
          <THead>
            <tr>
              <TH>Name</TH>
              <TH>Email</TH>
              <TH>Role</TH>
              <TH>Joined</TH>
              {canManage ? <ActionsHeader /> : null}
            </tr>
          </THead>
          <TBody>
            {members.data.map((m) => (
              <TR key={m.id}>
                <TD>
                  <div className="flex items-center gap-3">
                    <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600">
                      {((m.name ?? m.email)[0] ?? "?").toUpperCase()}
                    </span>
                    <span className="font-medium text-slate-900">
                      {m.name ?? <span className="text-slate-400">—</span>}
                    </span>
                    {m.isYou ? <Badge tone="gray">You</Badge> : null}
                  </div>
                </TD>
                <TD>{m.email}</TD>
                <TD>
                  <RoleBadge role={m.role} />
                </TD>
                <TD className="text-slate-500">
                  <Time at={m.joinedAt} format="date" />
                </TD>
                {canManage ? (
                  <ActionsCell>
                    {mayEdit(m) ? (
                      <RowActions
                        label={`Actions for ${m.email}`}
                        width="min-w-48"
                        actions={[
                          { label: "Change role…", onSelect: () => setChanging(m) },
                          {
                            label: m.isYou ? "Leave organization…" : "Remove from organization…",
                            tone: "danger",
                            onSelect: () => setRemoving(m),
                          },
                        ]}
                      />
                    ) : null}
                  </ActionsCell>
                ) : null}
              </TR>
            ))}
          </TBody>
        </Table>
      )}

      {canManage ? <PendingInvitations /> : null}

      {!canManage && members.isSuccess ? (
        <p className="mt-4 text-sm text-slate-500">Only owners and admins can invite or remove members.</p>
      ) : null}

      <RolesExplained />

      <InviteMemberDialog open={adding} onOpenChange={setAdding} />
      <ChangeRoleDialog member={changing} onClose={() => setChanging(null)} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => {
          if (!open) setRemoving(null);
        }}
        title={removing?.isYou ? "Leave organization?" : "Remove member?"}
        description={
          removing?.isYou ? (
            <>You will lose access to {organization.name} immediately. Your account stays.</>
          ) : (
            <>
              <strong className="font-medium text-slate-900">{removing?.name ?? removing?.email}</strong> will lose
              access to {organization.name} immediately. Their account stays, and API keys belong to the organization,
              so they keep working.
            </>
          )
        }
        confirmLabel={removing?.isYou ? "Leave" : "Remove member"}
        pending={remove.isPending}
        onConfirm={() => removing && remove.mutate({ memberId: removing.id })}
      />
    </div>
  );
}
