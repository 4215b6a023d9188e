"use client";

import { useActionState } from "react";
import { forgotPasswordAction, type ForgotPasswordState } from "@/server/actions/account-actions";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/input";
import { FormError } from "./auth-card";

export function ForgotPasswordForm() {
  const [state, action, pending] = useActionState<ForgotPasswordState, FormData>(forgotPasswordAction, {});
  if (state.sentTo && state.delivery === "logOnly") {
    // The same words whatever the address: whether it has an account is never shown.
    return (
      <div role="status" className="space-y-3 text-sm text-slate-700">
        <p>
          No email was sent: this server has no email set up (no SMTP_URL), so it cannot send a reset link to{" "}
          <strong className="font-medium text-slate-900">{state.sentTo}</strong>.
        </p>
        <p className="text-slate-500">Ask whoever runs this SignalGate server to set up email (SMTP_URL).</p>
      </div>
    );
  }
  if (state.sentTo && state.delivery === "devMail") {
    return (
      <div role="status" className="space-y-3 text-sm text-slate-700">
        <p>
          No email was sent: this server has no SMTP set up. If an account uses{" "}
          <strong className="font-medium text-slate-900">{state.sentTo}</strong>, its reset link is at{" "}
          <a href="/dev/mail" className="font-medium text-indigo-700 underline">
            /dev/mail
          </a>
          , the development inbox. The link works once, for one hour.
        </p>
      </div>
    );
  }
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
