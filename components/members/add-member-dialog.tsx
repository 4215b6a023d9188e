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

export function AddMemberDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { role: actorRole, organization } = useDashboard();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("developer");
  const [password, setPassword] = useState("");

  const add = useMutation(
    trpc.members.add.mutationOptions({
      onSuccess: async (member) => {
        toast.success(`Added ${member.email} as ${ROLE_LABELS[member.role]}`);
        close();
        await queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey() });
      },
    }),
  );
  const errors = fieldErrors(add.error);
  const formError = add.error && Object.keys(errors).length === 0 ? errorMessage(add.error) : null;

  function close() {
    setEmail("");
    setName("");
    setRole("developer");
    setPassword("");
    add.reset();
    onOpenChange(false);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    add.mutate({
      email,
      role,
      name: name.trim() || undefined,
      initialPassword: password || undefined,
    });
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={add.isPending}
      size="md"
      title="Add member"
      description={`Give someone access to ${organization.name}.`}
      formId="add-member-form"
      submitLabel="Add member"
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
      <Field label="Name" aside="Optional" error={errors.name}>
        {(p) => <Input {...p} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />}
      </Field>
      <RoleSelect value={role} onChange={setRole} actorRole={actorRole} error={errors.role} />
      <Field
        label="Initial password"
        aside="Optional"
        hint="Required if this person has no SignalGate account yet; share it with them securely. Ignored for existing accounts."
        error={errors.initialPassword}
      >
        {(p) => (
          <Input
            {...p}
            name="initialPassword"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
    </FormDialog>
  );
}
