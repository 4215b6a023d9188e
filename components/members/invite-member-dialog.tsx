"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ROLE_LABELS, type Role } from "@/schemas/roles";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { fieldErrors } from "../trpc/errors";
import { useDashboard } from "../dashboard/dashboard-context";
import { useEmailSetup } from "../account/email-delivery";
import { InvitationLinkPanel } from "./invitation-link";
import { RoleSelect } from "./role-select";

/**
 * People join by a link (contract §14): nobody chooses a password for someone else. The link is
 * emailed when this server has SMTP; either way the dialog ends by showing it to copy, and says
 * plainly whether an email went out (issue 39).
 */
export function InviteMemberDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { role: actorRole, organization } = useDashboard();
  const delivery = useEmailSetup()?.delivery;
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("developer");

  const invite = useMutation(
    trpc.members.invite.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.members.invitations.queryKey() }),
    }),
  );
  const errors = fieldErrors(invite.error);

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

  const created = invite.data;
  if (open && created) {
    return (
      <Dialog
        open
        onOpenChange={(next) => (next ? undefined : close())}
        size="md"
        title="Invitation created"
        description={`${created.email} is invited to ${organization.name} as ${ROLE_LABELS[created.role]}.`}
        footer={<Button onClick={close}>Done</Button>}
      >
        <InvitationLinkPanel email={created.email} url={created.url} delivery={delivery} />
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={invite.isPending}
      size="md"
      title="Invite member"
      description={
        delivery === undefined || delivery === "smtp"
          ? `We email a link to join ${organization.name}, and show it to you to copy. It works once and expires in 7 days.`
          : `This server sends no email (no SMTP_URL): you get a link to join ${organization.name} to send yourself. It works once and expires in 7 days.`
      }
      formId="invite-member-form"
      submitLabel={delivery === undefined || delivery === "smtp" ? "Send invitation" : "Create invitation"}
      onSubmit={submit}
      formError={invite.error}
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
