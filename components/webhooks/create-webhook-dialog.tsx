"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "sonner";
import { createWebhookInput } from "@/schemas/webhooks";
import { FormDialog } from "../ui/form-dialog";
import { useTRPC } from "../trpc/client";
import { checkInput, useCheckedForm } from "../dashboard/use-checked-form";
import type { RevealedSecret } from "./secret-dialog";
import { WEBHOOK_FORM_OPTIONS, WebhookFormFields } from "./webhook-form";
import { newWebhookFormState, webhookRequest } from "./webhook-request";

export function CreateWebhookDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (revealed: RevealedSecret) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // The dialog's body is mounted only while open, so this state is never rendered on the server.
  const { state, update, reset, feedback, onSubmit } = useCheckedForm(newWebhookFormState, WEBHOOK_FORM_OPTIONS);

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (webhook) => {
        close();
        if (webhook.secret) {
          onCreated({ kind: "created", name: webhook.name, url: webhook.url, secret: webhook.secret });
        } else {
          toast.warning(`Added “${webhook.name}”, unsigned: set a secret from Edit to sign its deliveries.`);
        }
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );

  const checked = checkInput(createWebhookInput, webhookRequest(state));
  const { errorFor, formError } = feedback(checked, create.error);

  function close() {
    // The next opening proposes a new secret.
    reset(newWebhookFormState());
    create.reset();
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={create.isPending}
      title="Add webhook endpoint"
      description="SignalGate POSTs the events you choose to this URL, signed with HMAC-SHA256 when it has a secret."
      formId="create-webhook-form"
      submitLabel="Add endpoint"
      onSubmit={onSubmit(checked, create.mutate)}
      formError={formError}
    >
      <WebhookFormFields state={state} update={update} errorFor={errorFor} autoFocus />
    </FormDialog>
  );
}
