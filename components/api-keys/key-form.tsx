"use client";

import type { ReactNode } from "react";
import type { z } from "zod";
import type { Permission } from "@/schemas/permissions";
import { Field, Input } from "../ui/input";
import { checkInput, type CheckedForm } from "../dashboard/use-checked-form";
import { IpRestrictionsField } from "./ip-restrictions-field";
import { parseIpLines } from "./key-format";
import { PermissionPicker } from "./permission-picker";

/** The fields the create and edit dialogs share. */
export interface KeyFormState {
  name: string;
  description: string;
  permissions: Permission[];
  ipText: string;
}

/**
 * Checks a request with the API's schema; `build` gets the parsed IP lines to put in it. Every
 * invalid IP line is reported (with its line number), not just the first.
 */
export function checkKeyInput<I>(
  schema: z.ZodType,
  ipText: string,
  build: (ipRestrictions: string[]) => I,
): CheckedForm<I> {
  const ip = parseIpLines(ipText);
  const checked = checkInput(schema, build(ip.entries));
  if (ip.errors.length > 0) checked.errors.ipRestrictions = ip.errors.join(" ");
  return checked;
}

/**
 * Name and description side by side, then `children` (the create dialog's environment), then
 * permissions and IP restrictions.
 */
export function KeyFormFields({
  state,
  update,
  errorFor,
  nameHint,
  placeholders,
  autoFocus,
  children,
}: {
  state: KeyFormState;
  update: (patch: Partial<KeyFormState>) => void;
  errorFor: (field: string) => string | undefined;
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
      <IpRestrictionsField
        value={state.ipText}
        onChange={(ipText) => update({ ipText })}
        error={errorFor("ipRestrictions")}
      />
    </>
  );
}
