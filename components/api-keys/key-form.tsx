"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { z } from "zod";
import type { Permission } from "@/schemas/permissions";
import { Field, Input } from "../ui/input";
import { errorMessage, fieldErrors } from "../trpc/errors";
import { IpRestrictionsField } from "./form-controls";
import { parseIpLines } from "./key-format";
import { PermissionPicker } from "./permission-picker";

/** The fields the create and edit dialogs share. */
export interface KeyFormState {
  name: string;
  description: string;
  permissions: Permission[];
  ipText: string;
}

export interface CheckedKeyForm<I> {
  /** The request the form would send. */
  input: I;
  /** First message per field, from the API's own schema and the dialog's extra rules. */
  errors: Record<string, string>;
  /** One message per invalid IP line. */
  ipErrors: string[];
}

/** Checks a request with the API's schema; `build` gets the parsed IP lines to put in it. */
export function checkKeyInput<I>(
  schema: z.ZodType,
  ipText: string,
  build: (ipRestrictions: string[]) => I,
): CheckedKeyForm<I> {
  const ip = parseIpLines(ipText);
  const input = build(ip.entries);
  const parsed = schema.safeParse(input);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(z.flattenError(parsed.error).fieldErrors)) {
      const first = (messages as string[] | undefined)?.[0];
      if (first) errors[field] = first;
    }
  }
  return { input, errors, ipErrors: ip.errors };
}

/**
 * Form state for a key dialog. Errors appear after the first submit, then follow the fields as
 * they are corrected; before that only the server's answer is shown.
 */
export function useKeyForm<S extends KeyFormState>(initial: S | (() => S)) {
  const [state, setState] = useState<S>(initial);
  const [submitted, setSubmitted] = useState(false);
  const update = (patch: Partial<S>) => setState((s) => ({ ...s, ...patch }));

  /** What to show for `checked` given the mutation's error. */
  function feedback<I>(checked: CheckedKeyForm<I>, mutationError: unknown) {
    const local = submitted ? checked.errors : {};
    const ipErrors = submitted ? checked.ipErrors : [];
    const server = fieldErrors(mutationError);
    return {
      errorFor: (field: string): string | undefined => local[field] ?? server[field],
      ipErrors: ipErrors.length > 0 ? ipErrors : server.ipRestrictions ? [server.ipRestrictions] : [],
      formError: mutationError && Object.keys(server).length === 0 ? errorMessage(mutationError) : null,
    };
  }

  /** A submit handler: marks the form submitted and sends only a request that passed the checks. */
  function onSubmit<I>(checked: CheckedKeyForm<I>, send: (input: I) => void) {
    return (e: FormEvent) => {
      e.preventDefault();
      setSubmitted(true);
      if (Object.keys(checked.errors).length > 0 || checked.ipErrors.length > 0) return;
      send(checked.input);
    };
  }

  return { state, setState, update, setSubmitted, feedback, onSubmit };
}

/**
 * Name and description side by side, then `children` (the create dialog's environment), then
 * permissions and IP restrictions.
 */
export function KeyFormFields({
  state,
  update,
  errorFor,
  ipErrors,
  nameHint,
  placeholders,
  autoFocus,
  children,
}: {
  state: KeyFormState;
  update: (patch: Partial<KeyFormState>) => void;
  errorFor: (field: string) => string | undefined;
  ipErrors: readonly string[];
  nameHint?: ReactNode;
  placeholders?: { name: string; description: string };
  autoFocus?: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Name" error={errorFor("name")} hint={nameHint}>
          {(p) => (
            <Input
              {...p}
              name="name"
              autoComplete="off"
              autoFocus={autoFocus}
              maxLength={100}
              value={state.name}
              onChange={(e) => update({ name: e.target.value })}
              placeholder={placeholders?.name}
            />
          )}
        </Field>
        <Field label="Description" aside="Optional" error={errorFor("description")}>
          {(p) => (
            <Input
              {...p}
              name="description"
              autoComplete="off"
              maxLength={500}
              value={state.description}
              onChange={(e) => update({ description: e.target.value })}
              placeholder={placeholders?.description}
            />
          )}
        </Field>
      </div>
      {children}
      <PermissionPicker
        value={state.permissions}
        onChange={(permissions) => update({ permissions })}
        error={errorFor("permissions")}
      />
      <IpRestrictionsField value={state.ipText} onChange={(ipText) => update({ ipText })} errors={ipErrors} />
    </>
  );
}
