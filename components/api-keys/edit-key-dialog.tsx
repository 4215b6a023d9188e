"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { updateApiKeyInput, type ApiKeyView } from "@/schemas/api-keys";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { useTRPC } from "../trpc/client";
import { EnvironmentBadge } from "./environment";
import { FormError } from "./form-controls";
import { checkKeyInput, KeyFormFields, useKeyForm, type KeyFormState } from "./key-form";

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
  const { state, setState, update, setSubmitted, feedback, onSubmit } = useKeyForm(() => stateFor(apiKey));
  const [forKey, setForKey] = useState(apiKey?.id);
  // Another key was opened: start from its current values.
  if (apiKey && apiKey.id !== forKey) {
    setForKey(apiKey.id);
    setState(stateFor(apiKey));
    setSubmitted(false);
  }

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
  const { errorFor, ipErrors, formError } = feedback(checked, save.error);

  function close() {
    setSubmitted(false);
    save.reset();
    setForKey(undefined);
    onClose();
  }

  return (
    <Dialog
      open={apiKey !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      busy={save.isPending}
      size="lg"
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
      footer={
        <>
          <Button variant="secondary" disabled={save.isPending} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="edit-api-key-form" loading={save.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <form
        id="edit-api-key-form"
        onSubmit={onSubmit(checked, (input) => {
          if (apiKey) save.mutate({ id: apiKey.id, ...input });
        })}
        noValidate
        className="space-y-5"
      >
        <FormError message={formError} />
        <KeyFormFields state={state} update={update} errorFor={errorFor} ipErrors={ipErrors} />
        <p className="text-xs text-slate-500">Changes apply to the next request made with this key.</p>
      </form>
    </Dialog>
  );
}
