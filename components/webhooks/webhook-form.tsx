"use client";

import { Field, Input, Select } from "../ui/input";
import type { CheckedFormOptions } from "../dashboard/use-checked-form";
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

/**
 * The request for the form's name, URL, events and a typed ("custom") secret. "generate" sends no
 * secret here: the server makes one on create, and edit makes one when saving, as it must show it.
 */
export function webhookRequest(state: WebhookFormState) {
  return {
    name: state.name,
    url: state.url.trim(),
    events: state.events,
    ...(state.secretMode === "custom" ? { secret: state.secret } : {}),
  };
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
 * How the create and edit forms check: the server's answer (such as a refused URL) is shown on its
 * field until that field is changed, and the form is long enough to scroll, so a refused submit
 * brings the first field to fix into view.
 */
export const WEBHOOK_FORM_OPTIONS: CheckedFormOptions = { serverErrorsUntilEdited: true, revealFirstError: true };

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
