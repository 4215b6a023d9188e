"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { updateWebhookInput, type WebhookView } from "@/schemas/webhooks";
import { FormDialog } from "../ui/form-dialog";
import { useTRPC } from "../trpc/client";
import { checkInput, useRecordForm } from "../dashboard/use-checked-form";
import { orderEvents } from "./events";
import type { RevealedSecret } from "./secret-dialog";
import { WEBHOOK_FORM_OPTIONS, WebhookFormFields } from "./webhook-form";
import { generateSecret, webhookRequest, type EditSecretMode, type WebhookFormState } from "./webhook-request";

const stateFor = (webhook: WebhookView | null): WebhookFormState => ({
  name: webhook?.name ?? "",
  url: webhook?.url ?? "",
  events: orderEvents(webhook?.events ?? []),
  secretMode: webhook && !webhook.hasSecret ? "none" : "keep",
  secret: "",
});

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
  const { state, update, reset, feedback, onSubmit } = useRecordForm(webhook, stateFor, WEBHOOK_FORM_OPTIONS);

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

  // "Don't sign deliveries" removes the secret.
  const unsign = state.secretMode === "none" ? { secret: null } : {};
  const checked = checkInput(updateWebhookInput, { ...webhookRequest(state), ...unsign });
  const { errorFor, formError } = feedback(checked, save.error);
  // "Keep" makes sense only while there is a secret; "don't sign" is how an unsigned one stays.
  const modes: EditSecretMode[] = webhook?.hasSecret
    ? ["keep", "generate", "custom", "none"]
    : ["none", "generate", "custom"];

  function close() {
    reset();
    save.reset();
    onClose();
  }

  return (
    <FormDialog
      open={webhook !== null}
      onClose={close}
      pending={save.isPending}
      title="Edit webhook"
      description={webhook ? <span className="font-mono text-[13px] break-all">{webhook.url}</span> : null}
      formId="edit-webhook-form"
      submitLabel="Save changes"
      onSubmit={onSubmit(checked, (input) => {
        if (!webhook) return;
        const secret = state.secretMode === "generate" ? { secret: generateSecret() } : {};
        save.mutate({ id: webhook.id, ...input, ...secret });
      })}
      formError={formError}
    >
      <WebhookFormFields state={state} update={update} errorFor={errorFor} secretModes={modes} />
      <p className="text-xs text-slate-500">
        A new URL or secret applies from the next attempt, including retries of deliveries already in the log.
      </p>
    </FormDialog>
  );
}
