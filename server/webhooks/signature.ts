import { createHmac } from "node:crypto";

/** messaging-api.md §6.2: `sha256=` and the lowercase hex HMAC-SHA256 of the body's UTF-8 bytes. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/** `whsec_` and standard base64 (padded), the form the Standard Webhooks libraries decode. */
const WHSEC_BASE64 = /^whsec_(?=.)((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/**
 * contract §12: the HMAC key of the Standard Webhooks signature. A `whsec_<base64>` secret (as the
 * service generates them) is keyed by its decoded bytes, which is what `new Webhook(secret)` of
 * the Standard Webhooks libraries does with the secret as shown; any other secret by its UTF-8
 * bytes (`new Webhook(base64(secret))`).
 */
export function standardWebhookKey(secret: string): Buffer {
  const match = WHSEC_BASE64.exec(secret);
  return match ? Buffer.from(match[1]!, "base64") : Buffer.from(secret, "utf8");
}

/**
 * contract §12, Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`,
 * keyed by `standardWebhookKey`. Signing the id and the time as well as the body lets a receiver
 * refuse a captured delivery replayed later, which the seed's body-only signature cannot.
 */
export function signStandardWebhook(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", standardWebhookKey(secret));
  mac.update(`${webhookId}.${timestampSeconds}.`, "utf8");
  mac.update(body, "utf8");
  return `v1,${mac.digest("base64")}`;
}
