import { createHmac } from "node:crypto";

/** messaging-api.md §6.2: `sha256=` and the lowercase hex HMAC-SHA256 of the body's UTF-8 bytes. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/**
 * contract §12, Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`,
 * keyed with the secret's UTF-8 bytes. Signing the id and the time as well as the body lets a
 * receiver refuse a captured delivery replayed later, which the seed's body-only signature cannot.
 * (The `standardwebhooks` library takes the key base64-encoded: `new Webhook(base64(secret))`.)
 */
export function signStandardWebhook(secret: string, webhookId: string, timestampSeconds: number, body: string): string {
  const mac = createHmac("sha256", secret);
  mac.update(`${webhookId}.${timestampSeconds}.`, "utf8");
  mac.update(body, "utf8");
  return `v1,${mac.digest("base64")}`;
}
