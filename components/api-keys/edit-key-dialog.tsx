"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { updateApiKeyInput, type ApiKeyView } from "@/schemas/api-keys";
import { FormDialog } from "../ui/form-dialog";
import { useTRPC } from "../trpc/client";
import { useRecordForm } from "../dashboard/use-checked-form";
import { EnvironmentBadge } from "./environment";
import { checkKeyInput, KeyFormFields, type KeyFormState } from "./key-form";

const stateFor = (key: ApiKeyView | null): KeyFormState => ({
  name: key?.name ?? "",
  description: key?.description ?? "",
  permissions: key?.permissions ?? [],
  ipText: key?.ipRestrictions.join("\n") ?? "",
});

function validate(state: KeyFormState) {
  return checkKeyInput(updateApiKeyInput, state.ipText, (ipRestrictions) => ({
    name: state.name,
    // An emptied description is cleared, not kept.
    description: state.description.trim() || null,
    permissions: state.permissions,
    ipRestrictions,
  }));
}

/** Name, description, permissions and IP restrictions. The environment (the secret's prefix) is fixed. */
export function EditKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state, update, reset, feedback, onSubmit } = useRecordForm(apiKey, stateFor);

  const save = useMutation(
    trpc.apiKeys.update.mutationOptions({
      onSuccess: async (key) => {
        toast.success(`Saved “${key.name}”`);
        close();
        await queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
      },
    }),
  );

  const checked = validate(state);
  const { errorFor, formError } = feedback(checked, save.error);

  function close() {
    reset();
    save.reset();
    onClose();
  }

  return (
    <FormDialog
      open={apiKey !== null}
      onClose={close}
      pending={save.isPending}
      title="Edit API key"
      description={
        apiKey ? (
          <span className="flex flex-wrap items-center gap-2">
            <code className="font-mono text-[13px] text-slate-600">{apiKey.keyPrefix}</code>
            <EnvironmentBadge environment={apiKey.environment} />
            <span className="text-xs text-slate-400">The environment of a key cannot change.</span>
          </span>
        ) : null
      }
      formId="edit-api-key-form"
      submitLabel="Save changes"
      onSubmit={onSubmit(checked, (input) => {
        if (apiKey) save.mutate({ id: apiKey.id, ...input });
      })}
      formError={formError}
    >
      <KeyFormFields state={state} update={update} errorFor={errorFor} />
      <p className="text-xs text-slate-500">Changes apply to the next request made with this key.</p>
    </FormDialog>
  );
}
