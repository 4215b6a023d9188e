"use client";

import { useActionState } from "react";
import { forgotPasswordAction, type ForgotPasswordState } from "@/server/actions/account-actions";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/input";
import { FormError } from "./auth-card";

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, {});
  if (state.sentTo) {
    return (
      <div role="status" className="space-y-3 text-sm text-slate-700">
        <p>
          If an account uses <strong className="font-medium text-slate-900">{state.sentTo}</strong>, we sent it a link
          to choose a new password. The link works once, for one hour.
        </p>
        <p className="text-slate-500">No email after a few minutes? Check your spam folder, or try again.</p>
      </div>
    );
  }
  const errors = state.fieldErrors ?? {};
  return (
    <form action={action} noValidate className="space-y-4">
      <FormError message={state.formError} />
      <Field label="Email" error={errors.email}>
        {(p) => (
          <Input
            {...p}
            name="email"
            type="email"
            autoComplete="email"
            autoFocus
            required
            defaultValue={state.values?.email}
          />
        )}
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        Send reset link
      </Button>
    </form>
  );
}
