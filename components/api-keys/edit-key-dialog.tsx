"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { toast } from "sonner";
import { updateApiKeyInput, type ApiKeyView } from "@/schemas/api-keys";
import type { Permission } from "@/schemas/permissions";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { errorMessage, fieldErrors } from "../trpc/errors";
import { EnvironmentBadge } from "./environment";
import { FormError, IpRestrictionsField } from "./form-controls";
import { parseIpLines } from "./key-format";
import { PermissionPicker } from "./permission-picker";

interface FormState {
  name: string;
  description: string;
  permissions: Permission[];
  ipText: string;
}

const stateFor = (key: ApiKeyView | null): FormState => ({
  name: key?.name ?? "",
  description: key?.description ?? "",
  permissions: key?.permissions ?? [],
  ipText: key?.ipRestrictions.join("\n") ?? "",
});

function validate(state: FormState) {
  const ip = parseIpLines(state.ipText);
  const input = {
    name: state.name,
    // An emptied description is cleared, not kept.
    description: state.description.trim() || null,
    permissions: state.permissions,
    ipRestrictions: ip.entries,
  };
  const parsed = updateApiKeyInput.safeParse(input);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(z.flattenError(parsed.error).fieldErrors)) {
      const first = (messages as string[] | undefined)?.[0];
      if (first) errors[field] = first;
    }
  }
  return { input, errors, ipErrors: ip.errors };
}

/** Name, description, permissions and IP restrictions. The environment (the secret's prefix) is fixed. */
export function EditKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [state, setState] = useState<FormState>(() => stateFor(apiKey));
  const [forKey, setForKey] = useState(apiKey?.id);
  const [submitted, setSubmitted] = useState(false);
  // Another key was opened: start from its current values.
  if (apiKey && apiKey.id !== forKey) {
    setForKey(apiKey.id);
    setState(stateFor(apiKey));
    setSubmitted(false);
  }
  const update = (patch: Partial<FormState>) => setState((s) => ({ ...s, ...patch }));

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
  const local = submitted ? checked.errors : {};
  const ipErrors = submitted ? checked.ipErrors : [];
  const server = fieldErrors(save.error);
  const errorFor = (field: string) => local[field] ?? server[field];
  const formError = save.error && Object.keys(server).length === 0 ? errorMessage(save.error) : null;

  function close() {
    setSubmitted(false);
    save.reset();
    setForKey(undefined);
    onClose();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    if (!apiKey || Object.keys(checked.errors).length > 0 || checked.ipErrors.length > 0) return;
    save.mutate({ id: apiKey.id, ...checked.input });
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
      <form id="edit-api-key-form" onSubmit={submit} noValidate className="space-y-5">
        <FormError message={formError} />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Name" error={errorFor("name")}>
            {(p) => (
              <Input
                {...p}
                name="name"
                autoComplete="off"
                maxLength={100}
                value={state.name}
                onChange={(e) => update({ name: e.target.value })}
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
              />
            )}
          </Field>
        </div>
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
        <p className="text-xs text-slate-500">Changes apply to the next request made with this key.</p>
      </form>
    </Dialog>
  );
}
