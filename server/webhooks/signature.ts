import { createHmac } from "node:crypto";

/** messaging-api.md §6.2: `sha256=` and the lowercase hex HMAC-SHA256 of the body's UTF-8 bytes. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}
