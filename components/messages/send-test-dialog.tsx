"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FlaskConical } from "lucide-react";
import { MAX_BODY_LENGTH, sendSmsInput } from "@/schemas/messages";
import { cn } from "../ui/cn";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input, Textarea } from "../ui/input";
import { useTRPC } from "../trpc/client";
import { checkInput, useCheckedForm } from "../dashboard/use-checked-form";
import { MESSAGE_STATUS_INFO } from "./message-badges";
import { SANDBOX_RECIPIENTS } from "./sandbox-recipients";
import { SegmentCounter } from "./segment-counter";
import { LiveCost } from "./live-cost";
import { ScheduleField } from "./schedule-field";
import { fromLocalInputValue } from "./schedule-format";
import { sendAtWindowError } from "@/schemas/send-at";

interface FormState {
  to: string;
  body: string;
  from: string;
  /** "Send later" (contract §11), and its `datetime-local` value in the viewer's zone. */
  scheduled: boolean;
  sendAt: string;
}

const EMPTY: FormState = {
  to: "",
  body: "Hello from SignalGate! This is a sandbox test message.",
  from: "",
  scheduled: false,
  sendAt: "",
};

/** The request the form would send and what the API's own schema says is wrong with it. */
function check(state: FormState) {
  const from = state.from.trim();
  const at = state.scheduled ? fromLocalInputValue(state.sendAt) : undefined;
  const checked = checkInput(sendSmsInput, {
    to: state.to.trim(),
    body: state.body,
    ...(from ? { from } : {}),
    ...(at ? { sendAt: at.toISOString() } : {}),
  });
  if (state.scheduled) {
    const problem = at ? sendAtWindowError(at, new Date()) : "Pick a date and time.";
    if (problem) checked.errors.sendAt = problem;
  }
  return checked;
}

/**
 * Sends one SMS through the sandbox (the server never sends these live). On success the caller
 * opens the message, whose drawer follows it from QUEUED to its final status.
 */
export function SendTestDialog({
  open,
  onOpenChange,
  onSent,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSent: (messageId: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state, update, reset, feedback, onSubmit } = useCheckedForm<FormState>(EMPTY);

  const send = useMutation(
    trpc.messages.sendTest.mutationOptions({
      onSuccess: async (sent) => {
        close();
        onSent(sent.messageId);
        await queryClient.invalidateQueries({ queryKey: trpc.messages.list.pathKey() });
      },
    }),
  );

  const checked = check(state);
  const { errorFor, formError } = feedback(checked, send.error);

  function close() {
    reset(EMPTY);
    send.reset();
    onOpenChange(false);
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      pending={send.isPending}
      title="Send a test SMS"
      description={
        <span className="flex items-start gap-1.5">
          <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
          Sent through the sandbox: nothing leaves SignalGate and nothing is billed, but the message moves through the
          same statuses and webhooks as a real one.
        </span>
      }
      formId="send-test-sms-form"
      submitLabel={state.scheduled ? "Schedule test SMS" : "Send test SMS"}
      onSubmit={onSubmit(checked, send.mutate)}
      formError={formError}
    >
      <div className="space-y-2">
        <Field label="To" error={errorFor("to")} hint="An E.164 number: + and country code, e.g. +14155550123.">
          {(p) => (
            <Input
              {...p}
              name="to"
              type="tel"
              autoComplete="off"
              autoFocus
              spellCheck={false}
              placeholder="+14155550123"
              value={state.to}
              onChange={(e) => update({ to: e.target.value })}
              className="font-mono text-[13px]"
            />
          )}
        </Field>
        <QuickPicks value={state.to.trim()} onPick={(to) => update({ to })} />
      </div>
      <Field label="Message" error={errorFor("body")}>
        {(p) => (
          <div className="space-y-1.5">
            <Textarea
              {...p}
              name="body"
              rows={4}
              maxLength={MAX_BODY_LENGTH + 100}
              value={state.body}
              onChange={(e) => update({ body: e.target.value })}
            />
            <SegmentCounter body={state.body} />
            <LiveCost to={state.to.trim()} body={state.body} />
          </div>
        )}
      </Field>
      <Field
        label="From"
        aside="Optional"
        error={errorFor("from")}
        hint="A sender name of 1 to 11 letters and digits, or a number. Leave empty for the organization's default (SG)."
      >
        {(p) => (
          <Input
            {...p}
            name="from"
            autoComplete="off"
            maxLength={16}
            placeholder="SG"
            value={state.from}
            onChange={(e) => update({ from: e.target.value })}
            className="max-w-56"
          />
        )}
      </Field>
      <ScheduleField
        enabled={state.scheduled}
        value={state.sendAt}
        error={errorFor("sendAt")}
        onChange={(patch) => update(patch)}
      />
    </FormDialog>
  );
}

/** The magic numbers, each with the outcome it produces. */
function QuickPicks({ value, onPick }: { value: string; onPick: (to: string) => void }) {
  return (
    <fieldset>
      <legend className="mb-1.5 text-xs font-medium text-slate-500">Sandbox test numbers</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {SANDBOX_RECIPIENTS.map((r) => {
          const info = MESSAGE_STATUS_INFO[r.outcome];
          const picked = value === r.to;
          return (
            <button
              key={r.to}
              type="button"
              aria-pressed={picked}
              onClick={() => onPick(r.to)}
              className={cn(
                "rounded-md px-3 py-2 text-left ring-1 transition-colors ring-inset",
                picked ? "bg-indigo-50/60 ring-2 ring-indigo-600" : "ring-slate-200 hover:bg-slate-50",
              )}
            >
              <span className="flex items-center justify-between gap-2">
                <code className="font-mono text-[13px] font-medium text-slate-900">{r.to}</code>
                <span className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
                  <span aria-hidden className={cn("size-1.5 rounded-full", info.dot.replace("animate-pulse", ""))} />
                  {r.label}
                </span>
              </span>
              <span className="mt-0.5 block text-xs text-slate-500">{r.explain}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
