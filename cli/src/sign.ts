import { createHmac, randomBytes } from "node:crypto";
import { standardWebhookKey } from "signalgate";

/**
 * The headers of a real delivery (contract §6 and §12's Standard Webhooks), for a body signed with
 * `secret`: the seed's `X-Webhook-Signature: sha256=<hex HMAC of the body>` and Standard Webhooks'
 * `webhook-signature: v1,<base64 HMAC of "{id}.{timestamp}.{body}">`, keyed as real deliveries are
 * (the seed's by the secret's UTF-8 text, Standard Webhooks' by a `whsec_<base64>` secret's decoded
 * bytes), so code that verifies real deliveries verifies these too.
 */
export function deliveryHeaders(
  secret: string,
  eventId: string,
  body: string,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return {
    "content-type": "application/json",
    "user-agent": "SignalGate-CLI/0.1 (signalgate listen)",
    "x-webhook-id": eventId,
    "x-webhook-timestamp": timestamp,
    "x-webhook-signature": `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`,
    "webhook-id": eventId,
    "webhook-timestamp": timestamp,
    "webhook-signature": `v1,${createHmac("sha256", standardWebhookKey(secret)).update(`${eventId}.${timestamp}.${body}`, "utf8").digest("base64")}`,
  };
}

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A per-session signing secret like the dashboard's: `whsec_` and 32 random base62 characters. */
export function newSessionSecret(): string {
  let out = "";
  while (out.length < 32) {
    for (const b of randomBytes(48)) if (b < 248 && out.length < 32) out += ALPHABET[b % 62];
  }
  return `whsec_${out}`;
}
