"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { updateWebhookInput, type WebhookView } from "@/schemas/webhooks";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { useTRPC } from "../trpc/client";
import { FormError } from "../api-keys/form-controls";
import { orderEvents } from "./events";
import type { RevealedSecret } from "./secret-dialog";
import {
  checkWebhookInput,
  generateSecret,
  useWebhookForm,
  WebhookFormFields,
  type SecretMode,
  type WebhookFormState,
} from "./webhook-form";

const stateFor = (webhook: WebhookView | null): WebhookFormState => ({
  name: webhook?.name ?? "",
  url: webhook?.url ?? "",
  events: orderEvents(webhook?.events ?? []),
  secretMode: webhook && !webhook.hasSecret ? "none" : "keep",
  secret: "",
});

function validate(state: WebhookFormState) {
  return checkWebhookInput(updateWebhookInput, {
    name: state.name,
    url: state.url.trim(),
    events: state.events,
    ...(state.secretMode === "custom" ? { secret: state.secret } : {}),
    ...(state.secretMode === "none" ? { secret: null } : {}),
  });
}

/** Name, URL, events and the secret. A generated secret is made on save and shown once. */
export function EditWebhookDialog({
  webhook,
  onClose,
  onSecret,
}: {
  webhook: WebhookView | null;
  onClose: () => void;
  onSecret: (revealed: RevealedSecret) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state, setState, update, setSubmitted, feedback, onSubmit } = useWebhookForm(() => stateFor(webhook));
  const [forId, setForId] = useState(webhook?.id);
  // Another webhook was opened: start from its current values.
  if (webhook && webhook.id !== forId) {
    setForId(webhook.id);
    setState(stateFor(webhook));
    setSubmitted(false);
  }

  const save = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async (saved, input) => {
        close();
        if (typeof input.secret === "string" && state.secretMode === "generate") {
          onSecret({ kind: "rotated", name: saved.name, url: saved.url, secret: input.secret });
        } else {
          toast.success(`Saved “${saved.name}”`);
        }
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() });
      },
    }),
  );

  const checked = validate(state);
  const { errorFor, formError } = feedback(checked, save.error);
  // "Keep" makes sense only while there is a secret; "don't sign" is how an unsigned one stays.
  const modes: SecretMode[] = webhook?.hasSecret
    ? ["keep", "generate", "custom", "none"]
    : ["none", "generate", "custom"];

  function close() {
    setSubmitted(false);
    save.reset();
    setForId(undefined);
    onClose();
  }

  return (
    <Dialog
      open={webhook !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      busy={save.isPending}
      size="lg"
      title="Edit webhook"
      description={webhook ? <span className="font-mono text-[13px] break-all">{webhook.url}</span> : null}
      footer={
        <>
          <Button variant="secondary" disabled={save.isPending} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="edit-webhook-form" loading={save.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      <form
        id="edit-webhook-form"
        onSubmit={onSubmit(checked, (input) => {
          if (!webhook) return;
          const secret = state.secretMode === "generate" ? { secret: generateSecret() } : {};
          save.mutate({ id: webhook.id, ...input, ...secret });
        })}
        noValidate
        className="space-y-5"
      >
        <FormError message={formError} />
        <WebhookFormFields state={state} update={update} errorFor={errorFor} secretModes={modes} />
        <p className="text-xs text-slate-500">
          A new URL or secret applies from the next attempt, including retries of deliveries already in the log.
        </p>
      </form>
    </Dialog>
  );
}
