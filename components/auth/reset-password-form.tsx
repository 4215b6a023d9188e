"use client";

import { useActionState } from "react";
import { resetPasswordAction } from "@/server/actions/account-actions";
import type { AuthFormState } from "@/server/actions/form";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/input";
import { FormError } from "./auth-card";

export function ResetPasswordForm({ token }: { token: string }) {
  const [state, action, pending] = useActionState<AuthFormState, FormData>(resetPasswordAction, {});
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} noValidate className="space-y-4">
      <FormError message={state.formError ?? errors.token} />
      <input type="hidden" name="token" value={token} />
      <Field label="New password" hint="At least 10 characters." error={errors.password}>
        {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" autoFocus required />}
      </Field>
      <Field label="Confirm new password" error={errors.confirmPassword}>
        {(p) => <Input {...p} name="confirmPassword" type="password" autoComplete="new-password" required />}
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        Set new password
      </Button>
    </form>
  );
}
