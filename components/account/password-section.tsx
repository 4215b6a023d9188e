"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { Button } from "../ui/button";
import { Card, CardBody, CardHeader } from "../ui/card";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { fieldErrors } from "../trpc/errors";
import { FormError } from "../ui/form-dialog";

export function PasswordSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [confirm, setConfirm] = useState("");
  const [mismatch, setMismatch] = useState(false);

  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: async ({ sessionsRevoked }) => {
        toast.success(
          sessionsRevoked > 0
            ? `Password changed. ${sessionsRevoked} other session${sessionsRevoked === 1 ? " was" : "s were"} signed out.`
            : "Password changed.",
        );
        setCurrent("");
        setNext("");
        setConfirm("");
        await queryClient.invalidateQueries({ queryKey: trpc.account.sessions.queryKey() });
      },
    }),
  );
  const errors = fieldErrors(change.error);

  function submit(e: FormEvent) {
    e.preventDefault();
    setMismatch(next !== confirm);
    if (next !== confirm) return;
    change.mutate({ currentPassword: current, newPassword: next });
  }

  return (
    <Card>
      <CardHeader
        title="Password"
        description="Changing it signs out every other session: other browsers and API refresh tokens."
      />
      <CardBody>
        <form onSubmit={submit} noValidate className="max-w-sm space-y-4">
          <FormError error={change.error} />
          <Field label="Current password" error={errors.currentPassword}>
            {(p) => (
              <Input
                {...p}
                name="currentPassword"
                type="password"
                autoComplete="current-password"
                value={current}
                onChange={(e) => setCurrent(e.target.value)}
              />
            )}
          </Field>
          <Field label="New password" hint="At least 10 characters." error={errors.newPassword}>
            {(p) => (
              <Input
                {...p}
                name="newPassword"
                type="password"
                autoComplete="new-password"
                value={next}
                onChange={(e) => setNext(e.target.value)}
              />
            )}
          </Field>
          <Field label="Confirm new password" error={mismatch ? "The passwords do not match." : undefined}>
            {(p) => (
              <Input
                {...p}
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
