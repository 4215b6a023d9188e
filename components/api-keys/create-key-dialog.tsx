"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createApiKeyInput, DEFAULT_KEY_PERMISSIONS, type KeyEnvironment } from "@/schemas/api-keys";
import { FormDialog } from "../ui/form-dialog";
import { useTRPC } from "../trpc/client";
import { useCheckedForm } from "../dashboard/use-checked-form";
import { EnvironmentChoice } from "./environment";
import { ExpiryField } from "./expiry-field";
import { checkKeyInput, KeyFormFields, type KeyFormState } from "./key-form";
import { expiresInFor, type ExpiryChoice } from "./key-format";
import type { RevealedKey } from "./raw-key-dialog";

interface FormState extends KeyFormState {
  environment: KeyEnvironment;
  expiry: ExpiryChoice;
  customDays: string;
}

const EMPTY: FormState = {
  name: "",
  description: "",
  environment: "test",
  // What the API gives a key created without a choice: all nine. The picker narrows it.
  permissions: [...DEFAULT_KEY_PERMISSIONS],
  ipText: "",
  expiry: "never",
  customDays: "",
};

/** The request the form would send, and what is wrong with it (checked with the API's schema). */
function validate(state: FormState) {
  const expiry = expiresInFor(state.expiry, state.customDays);
  const checked = checkKeyInput(createApiKeyInput, state.ipText, (ipRestrictions) => ({
    name: state.name,
    description: state.description.trim() || undefined,
    environment: state.environment,
    permissions: state.permissions,
    ipRestrictions,
    expiresIn: expiry.expiresIn,
  }));
  // None ticked is refused rather than sent as "omitted", which the API would read as all nine.
  if (state.permissions.length === 0) checked.errors.permissions = "Choose at least one permission.";
  if (expiry.error) checked.errors.expiresIn = expiry.error;
  return checked;
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
  const { state, update, reset, feedback, onSubmit } = useCheckedForm<FormState>(EMPTY);

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
  const { errorFor, formError } = feedback(checked, create.error);

  function close() {
    reset(EMPTY);
    create.reset();
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={create.isPending}
      title="Create API key"
      description="The secret is shown once, right after creation. Store it in your server's secret manager."
      formId="create-api-key-form"
      submitLabel="Create key"
      onSubmit={onSubmit(checked, create.mutate)}
      formError={formError}
    >
      <KeyFormFields
        state={state}
        update={update}
        errorFor={errorFor}
        nameHint="Where the key is used, e.g. “Checkout server”."
        placeholders={{ name: "Checkout server", description: "Order confirmations and receipts" }}
        autoFocus
      >
        <EnvironmentChoice value={state.environment} onChange={(environment) => update({ environment })} />
      </KeyFormFields>
      <ExpiryField
        choice={state.expiry}
        customDays={state.customDays}
        onChoiceChange={(expiry) => update({ expiry })}
        onCustomDaysChange={(customDays) => update({ customDays })}
        error={errorFor("expiresIn")}
      />
    </FormDialog>
  );
}
