"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createWebhookInput } from "@/schemas/webhooks";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { useTRPC } from "../trpc/client";
import { FormError } from "../api-keys/form-controls";
import type { RevealedSecret } from "./secret-dialog";
import { checkWebhookInput, useWebhookForm, WebhookFormFields, type WebhookFormState } from "./webhook-form";

const EMPTY: WebhookFormState = {
  name: "",
  url: "",
  events: ["message.delivered", "message.failed"],
  secretMode: "generate",
  secret: "",
};

function validate(state: WebhookFormState) {
  return checkWebhookInput(createWebhookInput, {
    name: state.name,
    url: state.url.trim(),
    events: state.events,
    ...(state.secretMode === "custom" ? { secret: state.secret } : {}),
  });
}

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
  const { state, setState, update, setSubmitted, feedback, onSubmit } = useWebhookForm(EMPTY);

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

  const checked = validate(state);
  const { errorFor, formError } = feedback(checked, create.error);

  function close() {
    setState(EMPTY);
    setSubmitted(false);
    create.reset();
    onOpenChange(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      busy={create.isPending}
      size="lg"
      title="Add webhook endpoint"
      description="SignalGate POSTs the events you choose to this URL, signed with HMAC-SHA256."
      footer={
        <>
          <Button variant="secondary" disabled={create.isPending} onClick={close}>
            Cancel
          </Button>
          <Button type="submit" form="create-webhook-form" loading={create.isPending}>
            Add endpoint
          </Button>
        </>
      }
    >
      <form id="create-webhook-form" onSubmit={onSubmit(checked, create.mutate)} noValidate className="space-y-5">
        <FormError message={formError} />
        <WebhookFormFields
          state={state}
          update={update}
          errorFor={errorFor}
          secretModes={["generate", "custom"]}
          autoFocus
        />
      </form>
    </Dialog>
  );
}
