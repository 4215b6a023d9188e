"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { ROLE_LABELS, type Role } from "@/schemas/roles";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
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
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      busy={add.isPending}
      title="Add member"
      description={`Give someone access to ${organization.name}.`}
      footer={
        <>
          <Button variant="secondary" disabled={add.isPending} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="add-member-form" loading={add.isPending}>
            Add member
          </Button>
        </>
      }
    >
      <form id="add-member-form" onSubmit={submit} noValidate className="space-y-4">
        {formError ? (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {formError}
          </p>
        ) : null}
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
          {(p) => (
            <Input {...p} name="name" autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
          )}
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
      </form>
    </Dialog>
  );
}
