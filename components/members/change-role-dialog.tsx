"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { ROLE_LABELS, type Role } from "@/schemas/roles";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";
import { useDashboard } from "../dashboard/dashboard-context";
import { RoleSelect } from "./role-select";

export interface MemberRef {
  id: string;
  email: string;
  name: string | null;
  role: Role;
  isYou: boolean;
}

export function ChangeRoleDialog({ member, onClose }: { member: MemberRef | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const { role: actorRole } = useDashboard();
  const [role, setRole] = useState<Role>(member?.role ?? "developer");
  const [forMember, setForMember] = useState(member?.id);
  // A different member was opened: start from their current role.
  if (member && member.id !== forMember) {
    setForMember(member.id);
    setRole(member.role);
  }

  const update = useMutation(
    trpc.members.updateRole.mutationOptions({
      onSuccess: async (m) => {
        toast.success(`${m.name ?? m.email} is now ${ROLE_LABELS[m.role]}`);
        update.reset();
        onClose();
        // Your own role changed: the navigation and controls follow the server's answer.
        if (member?.isYou) router.refresh();
        await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
      },
    }),
  );

  function close() {
    update.reset();
    onClose();
  }

  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      busy={update.isPending}
      size="sm"
      title="Change role"
      description={member ? (member.name ? `${member.name} (${member.email})` : member.email) : null}
      footer={
        <>
          <Button variant="secondary" disabled={update.isPending} onClick={close}>
            Cancel
          </Button>
          <Button
            loading={update.isPending}
            disabled={!member || role === member.role}
            onClick={() => member && update.mutate({ memberId: member.id, role })}
          >
            Save role
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <RoleSelect value={role} onChange={setRole} actorRole={actorRole} />
        {member?.isYou && role !== member.role ? (
          <p className="text-sm text-amber-700">You are changing your own role; you may lose access to this page.</p>
        ) : null}
        {update.error ? <ErrorText error={update.error} className="text-sm text-red-600" /> : null}
      </div>
    </Dialog>
  );
}
