"use client";

import { useActionState, useState } from "react";
import { signInAction } from "@/server/actions/auth-actions";
import type { AuthFormState } from "@/server/actions/form";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/input";
import { FormError } from "./auth-card";

export function SignInForm({ callbackUrl }: { callbackUrl?: string }) {
  const [state, action, pending] = useActionState<AuthFormState, FormData>(signInAction, {});
  // Kept in state: the second step (two-factor) sends the password again with the code.
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [useRecovery, setUseRecovery] = useState(false);
  // Each answer of the action: a refused password is cleared (as a plain form reset would); the
  // second step keeps it, since it is sent again with the code.
  const [answered, setAnswered] = useState(state);
  if (answered !== state) {
    setAnswered(state);
    if (!state.mfaRequired) setPassword("");
  }
  const errors = state.fieldErrors ?? {};
  const secondStep = Boolean(state.mfaRequired);
  return (
    <form action={action} noValidate className="space-y-4">
      <FormError message={state.formError} />
      {callbackUrl ? <input type="hidden" name="callbackUrl" value={callbackUrl} /> : null}
      <div className={secondStep ? "hidden" : "space-y-4"}>
        <Field label="Email" error={errors.email}>
          {(p) => (
            <Input
              {...p}
              name="email"
              type="email"
              autoComplete="email"
              autoFocus
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field label="Password" error={errors.password}>
          {(p) => (
            <Input
              {...p}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
      </div>
      {secondStep ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600">
            {useRecovery
              ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once."
              : "Open your authenticator app and enter the 6-digit code for SignalGate."}
          </p>
          {useRecovery ? (
            <Field label="Recovery code">
              {(p) => <Input {...p} key="recovery" name="recoveryCode" autoComplete="off" autoFocus required />}
            </Field>
          ) : (
            <Field label="Authentication code">
              {(p) => (
                <Input
                  {...p}
                  key="totp"
                  name="totpCode"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]{6}"
                  maxLength={6}
                  autoFocus
                  required
                />
              )}
            </Field>
          )}
          <button
            type="button"
            className="text-sm font-medium text-indigo-600 hover:text-indigo-800"
            onClick={() => setUseRecovery((v) => !v)}
          >
            {useRecovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
          </button>
        </div>
      ) : null}
      <Button type="submit" loading={pending} className="w-full">
        {secondStep ? "Verify" : "Sign in"}
      </Button>
    </form>
  );
}
