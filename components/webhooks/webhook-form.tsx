"use client";

import { Field, Input, Select } from "../ui/input";
import type { CheckedFormOptions } from "../dashboard/use-checked-form";
import { EventPicker } from "./event-picker";
import { ProposedSecretField } from "./proposed-secret-field";
import type { EditSecretMode, WebhookFormState } from "./webhook-request";

/**
 * How the create and edit forms check: the server's answer (such as a refused URL) is shown on its
 * field until that field is changed, and the form is long enough to scroll, so a refused submit
 * brings the first field to fix into view.
 */
export const WEBHOOK_FORM_OPTIONS: CheckedFormOptions = { serverErrorsUntilEdited: true, revealFirstError: true };

const SECRET_MODE_LABELS: Record<EditSecretMode, string> = {
  keep: "Keep the current secret",
  generate: "Generate a new secret",
  custom: "Use my own secret",
  none: "Don't sign deliveries",
};

const SECRET_HINTS: Record<EditSecretMode, string> = {
  keep: "Deliveries keep being signed with the secret you stored when the webhook was created.",
  generate:
    "A random whsec_… secret, shown once after saving. Deliveries are signed with it from then on: update your server first.",
  custom: "At least 16 characters. Every delivery is signed with it in the X-Webhook-Signature header.",
  none: "Deliveries carry no X-Webhook-Signature header, so your endpoint cannot tell them from forgeries.",
};

/**
 * Name, URL, events and the signing secret: on create ("proposed") a generated secret the user can
 * copy, replace or clear; on edit, `secretModes` are the choices offered.
 */
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
  secretModes?: readonly EditSecretMode[];
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
      {state.secretMode === "proposed" ? (
        <ProposedSecretField
          secret={state.secret}
          onChange={(secret) => update({ secret })}
          error={errorFor("secret")}
        />
      ) : (
        <SecretModeField
          mode={state.secretMode}
          secret={state.secret}
          update={update}
          error={errorFor("secret")}
          modes={secretModes ?? []}
        />
      )}
    </>
  );
}

function SecretModeField({
  mode,
  secret,
  update,
  error,
  modes,
}: {
  mode: EditSecretMode;
  secret: string;
  update: (patch: Partial<WebhookFormState>) => void;
  error?: string;
  modes: readonly EditSecretMode[];
}) {
  const custom = mode === "custom";
  const hint = SECRET_HINTS[mode];
  return (
    <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <Field label="Signing secret" hint={custom ? undefined : hint}>
        {(p) => (
          <Select
            {...p}
            name="secretMode"
            value={mode}
            onChange={(e) => update({ secretMode: e.target.value as EditSecretMode })}
          >
            {modes.map((m) => (
              <option key={m} value={m}>
                {SECRET_MODE_LABELS[m]}
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
              value={secret}
              onChange={(e) => update({ secret: e.target.value })}
              className="font-mono text-[13px]"
            />
          )}
        </Field>
      ) : null}
    </div>
  );
}
