import type { WebhookEvent } from "./events";

/**
 * keep: leave the secret as it is; generate: a new random one; custom: the one typed; none:
 * unsigned; proposed (create): the secret in the field, which starts generated, or none once cleared.
 */
export type SecretMode = "keep" | "generate" | "custom" | "none" | "proposed";
/** The choices the edit form offers. */
export type EditSecretMode = Exclude<SecretMode, "proposed">;

export interface WebhookFormState {
  name: string;
  url: string;
  events: WebhookEvent[];
  secretMode: SecretMode;
  secret: string;
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = "whsec_".length + 32;

/**
 * A new signing secret, `whsec_` and 32 base62 characters (~190 bits), made in the browser. The
 * API stores a secret only when given one (an omitted secret means an unsigned webhook), so the
 * dashboard proposes one itself: the form can show it and the user can copy it before anything is
 * sent, with no extra round trip, and the value goes to the server once, in the create request.
 */
export function generateSecret(): string {
  let out = "whsec_";
  while (out.length < SECRET_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(48))) {
      // 248 = 4 × 62: rejecting the rest keeps every character equally likely.
      if (byte < 248 && out.length < SECRET_LENGTH) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** The create form as it opens: the safe default is a signed webhook, with a secret already generated. */
export function newWebhookFormState(): WebhookFormState {
  return {
    name: "",
    url: "",
    events: ["message.delivered", "message.failed"],
    secretMode: "proposed",
    secret: generateSecret(),
  };
}

/**
 * The request for the form's fields. A typed ("custom") secret is always sent, so an empty one is
 * refused like any short one; a proposed secret is sent unless the field was cleared, which makes
 * the webhook unsigned. "generate" on edit adds its secret when saving; "none" on edit sends null.
 */
export function webhookRequest(state: WebhookFormState) {
  const sendSecret = state.secretMode === "custom" || (state.secretMode === "proposed" && state.secret !== "");
  return {
    name: state.name,
    url: state.url.trim(),
    events: state.events,
    ...(sendSecret ? { secret: state.secret } : {}),
  };
}
