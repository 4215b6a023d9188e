"use client";

import { useActionState } from "react";
import { acceptInvitationAction } from "@/server/actions/account-actions";
import type { AuthFormState } from "@/server/actions/form";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/input";
import { FormError } from "./auth-card";

/** New person: name and password. Signed-in invitee: one button. */
export function AcceptInvitationForm({
  token,
  email,
  newAccount,
  organizationName,
}: {
  token: string;
  email: string;
  newAccount: boolean;
  organizationName: string;
}) {
  const [state, action, pending] = useActionState<AuthFormState, FormData>(acceptInvitationAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} noValidate className="space-y-4">
      <FormError message={state.formError ?? errors.token} />
      <input type="hidden" name="token" value={token} />
      {newAccount ? (
        <>
          <Field label="Email">{(p) => <Input {...p} name="email" type="email" value={email} readOnly />}</Field>
          <Field label="Your name" aside="Optional" error={errors.name}>
            {(p) => <Input {...p} name="name" autoComplete="name" autoFocus defaultValue={state.values?.name} />}
          </Field>
          <Field label="Password" hint="At least 10 characters." error={errors.password}>
            {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" required />}
          </Field>
        </>
      ) : null}
      <Button type="submit" loading={pending} className="w-full">
        {newAccount ? `Create account and join ${organizationName}` : `Join ${organizationName}`}
      </Button>
    </form>
  );
}
