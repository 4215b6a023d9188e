"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { fieldErrors } from "../trpc/errors";
import { FormError } from "../ui/form-dialog";
import { useAfterOrganizationChange } from "./use-switch-organization";

export function NewOrganizationDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const trpc = useTRPC();
  const after = useAfterOrganizationChange();
  const [name, setName] = useState("");
  const create = useMutation(
    trpc.organizations.create.mutationOptions({
      onSuccess: (org) => {
        onOpenChange(false);
        setName("");
        after(org.name, "Created");
      },
    }),
  );
  const errors = fieldErrors(create.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) create.reset();
        onOpenChange(next);
      }}
      busy={create.isPending}
      title="New organization"
      description="A separate workspace with its own API keys, webhooks, messages and members. You will be its owner."
      footer={
        <>
          <Button variant="secondary" disabled={create.isPending} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form="new-org-form" loading={create.isPending}>
            Create organization
          </Button>
        </>
      }
    >
      <form id="new-org-form" onSubmit={submit} noValidate className="space-y-3">
        <Field label="Organization name" error={errors.name}>
          {(p) => (
            <Input {...p} value={name} onChange={(e) => setName(e.target.value)} autoFocus placeholder="Acme Inc." />
          )}
        </Field>
        <FormError error={create.error} />
      </form>
    </Dialog>
  );
}
