"use client";

import { useActionState } from "react";
import { signUpAction } from "@/server/actions/auth-actions";
import type { AuthFormState } from "@/server/actions/form";
import { Button } from "../ui/button";
import { Field, Input } from "../ui/input";
import { FormError } from "./auth-card";

export function SignUpForm() {
  const [state, action, pending] = useActionState<AuthFormState, FormData>(signUpAction, {});
  const errors = state.fieldErrors ?? {};
  const values = state.values ?? {};
  return (
    <form action={action} noValidate className="space-y-4">
      <FormError message={state.formError} />
      <Field label="Your name" aside="Optional" error={errors.name}>
        {(p) => <Input {...p} name="name" autoComplete="name" autoFocus defaultValue={values.name} />}
      </Field>
      <Field label="Work email" error={errors.email}>
        {(p) => <Input {...p} name="email" type="email" autoComplete="email" required defaultValue={values.email} />}
      </Field>
      <Field label="Password" hint="At least 10 characters." error={errors.password}>
        {(p) => <Input {...p} name="password" type="password" autoComplete="new-password" required minLength={10} />}
      </Field>
      <Field
        label="Organization name"
        hint="Your company or project. You can invite teammates later."
        error={errors.organizationName}
      >
        {(p) => (
          <Input
            {...p}
            name="organizationName"
            autoComplete="organization"
            required
            defaultValue={values.organizationName}
          />
        )}
      </Field>
      <Button type="submit" loading={pending} className="w-full">
        Create account
      </Button>
    </form>
  );
}
