"use client";

import { useState, type FormEvent } from "react";
import { z } from "zod";
import { Field, Input, Select } from "../ui/input";
import { errorMessage, fieldErrors } from "../trpc/errors";
import { EventPicker } from "./event-picker";
import type { WebhookEvent } from "./events";

/** keep: leave the secret as it is; generate: a new random one; custom: the one typed; none: unsigned. */
export type SecretMode = "keep" | "generate" | "custom" | "none";

export interface WebhookFormState {
  name: string;
  url: string;
  events: WebhookEvent[];
  secretMode: SecretMode;
  secret: string;
}

export interface CheckedWebhookForm<I> {
  input: I;
  /** First message per field, from the API's own schema. */
  errors: Record<string, string>;
}

/** Checks the request the form would send with the API's schema, so form and server agree. */
export function checkWebhookInput<I>(schema: z.ZodType, input: I): CheckedWebhookForm<I> {
  const parsed = schema.safeParse(input);
  const errors: Record<string, string> = {};
  if (!parsed.success) {
    for (const [field, messages] of Object.entries(z.flattenError(parsed.error).fieldErrors)) {
      const first = (messages as string[] | undefined)?.[0];
      if (first) errors[field] = first;
    }
  }
  return { input, errors };
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/**
 * A new signing secret in the server's own format (`whsec_` + 32 base62), made in the browser for
 * "generate a new secret" on edit: the API takes a new secret as a value and never sends one back.
 */
export function generateSecret(): string {
  let out = "whsec_";
  while (out.length < 38) {
    for (const byte of crypto.getRandomValues(new Uint8Array(48))) {
      // 248 = 4 × 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && out.length < 38) out += BASE62[byte % 62];
    }
  }
  return out;
}

/**
 * Form state for the create and edit dialogs. Errors appear after the first submit, then follow
 * the fields as they are corrected. The server's answer (such as a refused URL) is shown on its
 * field until that field is changed: it was about the value that was sent.
 */
export function useWebhookForm(initial: WebhookFormState | (() => WebhookFormState)) {
  const [state, setState] = useState<WebhookFormState>(initial);
  const [submitted, setSubmitted] = useState(false);
  const [sent, setSent] = useState<WebhookFormState | null>(null);
  const update = (patch: Partial<WebhookFormState>) => setState((s) => ({ ...s, ...patch }));
  const unchanged = (field: string) =>
    !(field in state) || state[field as keyof WebhookFormState] === sent?.[field as keyof WebhookFormState];

  function feedback<I>(checked: CheckedWebhookForm<I>, mutationError: unknown) {
    const local = submitted ? checked.errors : {};
    const server = fieldErrors(mutationError);
    return {
      errorFor: (field: string): string | undefined => local[field] ?? (unchanged(field) ? server[field] : undefined),
      formError: mutationError && Object.keys(server).length === 0 ? errorMessage(mutationError) : null,
    };
  }

  function onSubmit<I>(checked: CheckedWebhookForm<I>, send: (input: I) => void) {
    return (e: FormEvent) => {
      e.preventDefault();
      setSubmitted(true);
      if (Object.keys(checked.errors).length > 0) {
        // The dialog scrolls: bring the first field to fix into view once its error has rendered.
        const form = e.currentTarget as HTMLFormElement;
        requestAnimationFrame(() => {
          const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
          if (!field) return;
          field.focus({ preventScroll: true });
          // The error sits under the field: showing it shows the field too.
          const error = document.getElementById(field.getAttribute("aria-describedby") ?? "");
          (error ?? field).scrollIntoView({ block: "nearest" });
        });
        return;
      }
      setSent(state);
      send(checked.input);
    };
  }

  return { state, setState, update, setSubmitted, feedback, onSubmit };
}

const SECRET_MODE_LABELS: Record<SecretMode, string> = {
  keep: "Keep the current secret",
  generate: "Generate a new secret",
  custom: "Use my own secret",
  none: "Don't sign deliveries",
};

const SECRET_HINTS: Record<SecretMode, string> = {
  keep: "Deliveries keep being signed with the secret you stored when the webhook was created.",
  generate:
    "A random whsec_… secret, shown once after saving. Deliveries are signed with it from then on: update your server first.",
  custom: "At least 16 characters. Every delivery is signed with it in the X-Webhook-Signature header.",
  none: "Deliveries carry no X-Webhook-Signature header, so your endpoint cannot tell them from forgeries.",
};
const CREATE_GENERATE_HINT = "SignalGate generates a random whsec_… secret and shows it once, right after creation.";

/** Name, URL, events and the signing secret; `secretModes` are the choices this dialog offers. */
export function WebhookFormFields({
  state,
  update,
  errorFor,
  secretModes,
  autoFocus,
}: {
  state: WebhookFormState;
  update: (patch: Partial<WebhookFormState>) => void;
  errorFor: (field: string) => string | undefined;
  secretModes: readonly SecretMode[];
  autoFocus?: boolean;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <Field label="Name" error={errorFor("name")}>
          {(p) => (
            <Input
              {...p}
              name="name"
              autoComplete="off"
              autoFocus={autoFocus}
              maxLength={100}
              value={state.name}
              onChange={(e) => update({ name: e.target.value })}
              placeholder="Order notifications"
            />
          )}
        </Field>
        <Field label="Endpoint URL" error={errorFor("url")} hint="Where SignalGate POSTs each event, as JSON.">
          {(p) => (
            <Input
              {...p}
              name="url"
              type="url"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={2048}
              value={state.url}
              onChange={(e) => update({ url: e.target.value })}
              placeholder="https://example.com/webhooks/signalgate"
              className="font-mono text-[13px]"
            />
          )}
        </Field>
      </div>
      <EventPicker value={state.events} onChange={(events) => update({ events })} error={errorFor("events")} />
      <SecretField state={state} update={update} error={errorFor("secret")} modes={secretModes} />
    </>
  );
}

function SecretField({
  state,
  update,
  error,
  modes,
}: {
  state: WebhookFormState;
  update: (patch: Partial<WebhookFormState>) => void;
  error?: string;
  modes: readonly SecretMode[];
}) {
  const custom = state.secretMode === "custom";
  const creating = !modes.includes("keep");
  const hint = creating && state.secretMode === "generate" ? CREATE_GENERATE_HINT : SECRET_HINTS[state.secretMode];
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Field label="Signing secret" hint={custom ? undefined : hint}>
        {(p) => (
          <Select
            {...p}
            name="secretMode"
            value={state.secretMode}
            onChange={(e) => update({ secretMode: e.target.value as SecretMode })}
          >
            {modes.map((mode) => (
              <option key={mode} value={mode}>
                {SECRET_MODE_LABELS[mode]}
              </option>
            ))}
          </Select>
        )}
      </Field>
      {custom ? (
        <Field label="Your secret" error={error} hint={SECRET_HINTS.custom}>
          {(p) => (
            <Input
              {...p}
              name="secret"
              autoComplete="off"
              spellCheck={false}
              maxLength={256}
              value={state.secret}
              onChange={(e) => update({ secret: e.target.value })}
              className="font-mono text-[13px]"
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}
