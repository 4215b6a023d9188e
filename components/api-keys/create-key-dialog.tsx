"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { createApiKeyInput, type KeyEnvironment } from "@/schemas/api-keys";
import type { Permission } from "@/schemas/permissions";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { errorMessage, fieldErrors } from "../trpc/errors";
import { EnvironmentChoice } from "./environment";
import { ExpiryField } from "./expiry-field";
import { FormError, IpRestrictionsField } from "./form-controls";
import { expiresInFor, parseIpLines, type ExpiryChoice } from "./key-format";
import { PermissionPicker } from "./permission-picker";
import type { RevealedKey } from "./raw-key-dialog";

// Least privilege by default: sending and reading messages is what most integrations start with.
const DEFAULT_PERMISSIONS: Permission[] = ["sms.send", "sms.read"];

interface FormState {
  name: string;
  description: string;
  environment: KeyEnvironment;
  permissions: Permission[];
  ipText: string;
  expiry: ExpiryChoice;
  customDays: string;
}

const EMPTY: FormState = {
  name: "",
  description: "",
  environment: "test",
  permissions: DEFAULT_PERMISSIONS,
  ipText: "",
  expiry: "never",
  customDays: "",
};

/** The request the form would send, and what is wrong with it (checked with the API's schema). */
function validate(state: FormState) {
  const ip = parseIpLines(state.ipText);
  const expiry = expiresInFor(state.expiry, state.customDays);
  const input = {
    name: state.name,
    description: state.description.trim() || undefined,
    environment: state.environment,
    permissions: state.permissions,
    ipRestrictions: ip.entries,
    expiresIn: expiry.expiresIn,
  };
  const parsed = createApiKeyInput.safeParse(input);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(z.flattenError(parsed.error).fieldErrors)) {
      const first = (messages as string[] | undefined)?.[0];
      if (first) errors[field] = first;
    }
  }
  // The UI asks for at least one permission even though the API would default to all nine.
  if (state.permissions.length === 0) errors.permissions = "Choose at least one permission.";
  if (expiry.error) errors.expiresIn = expiry.error;
  return { input, errors, ipErrors: ip.errors };
}

export function CreateKeyDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (key: RevealedKey) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<FormState>(EMPTY);
  // Errors appear after the first submit, then follow the fields as they are corrected.
  const [submitted, setSubmitted] = useState(false);
  const update = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));

  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: async (key) => {
        close();
        onCreated({ kind: "created", name: key.name, rawKey: key.rawKey, environment: key.environment });
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
      },
    }),
  );

  const checked = validate(state);
  const local = submitted ? checked.errors : {};
  const ipErrors = submitted ? checked.ipErrors : [];
  const server = fieldErrors(create.error);
  const errorFor = (field: string) => local[field] ?? server[field];
  const formError = create.error && Object.keys(server).length === 0 ? errorMessage(create.error) : null;

  function close() {
    setState(EMPTY);
    setSubmitted(false);
    create.reset();
    onOpenChange(false);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (Object.keys(checked.errors).length > 0 || checked.ipErrors.length > 0) return;
    create.mutate(checked.input);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      busy={create.isPending}
      size="lg"
      title="Create API key"
      description="The secret is shown once, right after creation. Store it in your server's secret manager."
      footer={
        <>
          <Button variant="secondary" disabled={create.isPending} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-api-key-form" loading={create.isPending}>
            Create key
          </Button>
        </>
      }
    >
      <form id="create-api-key-form" onSubmit={submit} noValidate className="space-y-5">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errorFor("name")} hint="Where the key is used, e.g. “Checkout server”.">
            {(p) => (
              <Input
                {...p}
                name="name"
                autoComplete="off"
                autoFocus
                maxLength={100}
                value={state.name}
                onChange={(e) => update({ name: e.target.value })}
                placeholder="Checkout server"
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
                placeholder="Order confirmations and receipts"
              />
            )}
          </Field>
        </div>
        <EnvironmentChoice value={state.environment} onChange={(environment) => update({ environment })} />
        <PermissionPicker
          value={state.permissions}
          onChange={(permissions) => update({ permissions })}
          error={errorFor("permissions")}
        />
        <IpRestrictionsField
          value={state.ipText}
          onChange={(ipText) => update({ ipText })}
          errors={ipErrors.length > 0 ? ipErrors : server.ipRestrictions ? [server.ipRestrictions] : []}
        />
        <ExpiryField
          choice={state.expiry}
          customDays={state.customDays}
          onChoiceChange={(expiry) => update({ expiry })}
          onCustomDaysChange={(customDays) => update({ customDays })}
          error={errorFor("expiresIn")}
        />
      </form>
    </Dialog>
  );
}
