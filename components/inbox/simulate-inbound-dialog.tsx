"use client";

import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input, Textarea } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { fieldErrors } from "../trpc/errors";

/**
 * The sandbox's "a phone writes to you" (POST /api/v1/sms/inbound without a key): stored, keywords
 * answered and `message.received` sent, as a carrier's would be. `onReceived` opens its conversation.
 */
export function SimulateInboundDialog({
  open,
  onOpenChange,
  onReceived,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onReceived: (from: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState("+14155550123");
  const [body, setBody] = useState("");
  const simulate = useMutation(
    trpc.inbox.simulate.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.inbox.pathKey() });
        onReceived(from.trim());
        close();
      },
    }),
  );
  const errors = fieldErrors(simulate.error);

  function close() {
    setBody("");
    simulate.reset();
    onOpenChange(false);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    simulate.mutate({ from: from.trim(), body });
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={simulate.isPending}
      size="md"
      title="Simulate an inbound message"
      description="A sandbox message as if a phone had sent it to your number: it appears here, fires message.received, and STOP, START and HELP are answered."
      formId="simulate-inbound-form"
      submitLabel="Receive message"
      onSubmit={submit}
      formError={simulate.error}
      formClassName="space-y-4"
    >
      <Field label="From" error={errors.from} hint="The sending phone, in E.164.">
        {(p) => <Input {...p} value={from} onChange={(e) => setFrom(e.target.value)} inputMode="tel" />}
      </Field>
      <Field label="Message" error={errors.body}>
        {(p) => (
          <Textarea
            {...p}
            rows={3}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            placeholder="Hi, is my order shipped?"
          />
        )}
      </Field>
    </FormDialog>
  );
}
