"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createWebhookInput } from "@/schemas/webhooks";
import { FormDialog } from "../ui/form-dialog";
import { useTRPC } from "../trpc/client";
import { checkInput, useCheckedForm } from "../dashboard/use-checked-form";
import type { RevealedSecret } from "./secret-dialog";
import { WEBHOOK_FORM_OPTIONS, webhookRequest, WebhookFormFields, type WebhookFormState } from "./webhook-form";

const EMPTY: WebhookFormState = {
  name: "",
  url: "",
  events: ["message.delivered", "message.failed"],
  secretMode: "generate",
  secret: "",
};

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
  const { state, update, reset, feedback, onSubmit } = useCheckedForm(EMPTY, WEBHOOK_FORM_OPTIONS);

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (webhook) => {
        close();
        if (webhook.secret)
          onCreated({ kind: "created", name: webhook.name, url: webhook.url, secret: webhook.secret });
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
      },
    }),
  );

  const checked = checkInput(createWebhookInput, webhookRequest(state));
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
      title="Add webhook endpoint"
      description="SignalGate POSTs the events you choose to this URL, signed with HMAC-SHA256."
      formId="create-webhook-form"
      submitLabel="Add endpoint"
      onSubmit={onSubmit(checked, create.mutate)}
      formError={formError}
    >
      <WebhookFormFields
        state={state}
        update={update}
        errorFor={errorFor}
        secretModes={["generate", "custom"]}
        autoFocus
      />
    </FormDialog>
  );
}
