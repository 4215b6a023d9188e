"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ROLE_LABELS, type Role } from "@/schemas/roles";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { errorMessage, fieldErrors } from "../trpc/errors";
import { useDashboard } from "../dashboard/dashboard-context";
import { RoleSelect } from "./role-select";

/** People join by an emailed link (contract §14): nobody chooses a password for someone else. */
export function InviteMemberDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { role: actorRole, organization } = useDashboard();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("developer");

  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: async (invitation) => {
        toast.success(`Invitation sent to ${invitation.email} (${ROLE_LABELS[invitation.role]})`);
        close();
        await queryClient.invalidateQueries({ queryKey: trpc.members.invitations.queryKey() });
      },
    }),
  );
  const errors = fieldErrors(invite.error);
  const formError = invite.error && Object.keys(errors).length === 0 ? errorMessage(invite.error) : null;

  function close() {
    setEmail("");
    setRole("developer");
    invite.reset();
    onOpenChange(false);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    invite.mutate({ email, role });
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={invite.isPending}
      size="md"
      title="Invite member"
      description={`We email a link to join ${organization.name}. It works once and expires in 7 days.`}
      formId="invite-member-form"
      submitLabel="Send invitation"
      onSubmit={submit}
      formError={formError}
      formClassName="space-y-4"
    >
      <Field label="Email" error={errors.email}>
        {(p) => (
          <Input
            {...p}
            name="email"
            type="email"
            autoComplete="off"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="colleague@example.com"
          />
        )}
      </Field>
      <RoleSelect value={role} onChange={setRole} actorRole={actorRole} error={errors.role} />
    </FormDialog>
  );
}
