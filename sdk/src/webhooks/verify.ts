import { createHmac, timingSafeEqual } from "node:crypto";
import type { UnknownWebhookEvent, WebhookEvent } from "./events.js";
import { WEBHOOK_EVENT_NAMES } from "./events.js";
import { verifyWebhook, type VerifyOptions, type WebhookHeaders } from "./standard.js";

export type RawBody = string | Uint8Array;
export type SignatureHeader = string | readonly string[] | null | undefined;

const SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

/**
 * Checks `X-Webhook-Signature` (`sha256=` + hex HMAC-SHA256 of the raw body under the webhook's
 * secret, messaging-api.md §6.2) in constant time. Pass the body exactly as received, before any
 * JSON parsing. False on anything malformed (missing or repeated header, wrong shape, empty
 * secret, a body that is not a string or bytes); it never throws.
 */
export function verifyWebhookSignature(rawBody: RawBody, signatureHeader: SignatureHeader, secret: string): boolean {
  try {
    const header = Array.isArray(signatureHeader)
      ? signatureHeader.length === 1
        ? signatureHeader[0]
        : undefined
      : signatureHeader;
    if (typeof header !== "string" || typeof secret !== "string" || secret.length === 0) return false;
    if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array)) return false;
    const hex = SIGNATURE.exec(header.trim())?.[1];
    if (hex === undefined) return false;
    const given = Buffer.from(hex, "hex");
    const expected = createHmac("sha256", secret)
      .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
      .digest();
    return given.length === expected.length && timingSafeEqual(given, expected);
  } catch {
    return false;
  }
}

export class WebhookVerificationError extends Error {
  override readonly name = "WebhookVerificationError";
}

/**
 * Verifies a delivery and returns its envelope, typed by event name. Throws
 * WebhookVerificationError when the signature does not match or the body is not an envelope.
 * An event added to the API after this SDK version is returned too, with its own name: keep a
 * `default` branch (or use {@link isKnownEvent}).
 *
 * Pass the request's headers (recommended) to verify the Standard Webhooks signature and refuse a
 * delivery more than 5 minutes old (a replay), or the `X-Webhook-Signature` value alone for the
 * seed's body-only check.
 *
 *   const event = constructEvent(rawBody, req.headers, secret);
 *   if (event.event === "message.delivered") event.payload.deliveredAt;
 */
export function constructEvent(
  rawBody: RawBody,
  signatureHeaderOrHeaders: SignatureHeader | WebhookHeaders,
  secret: string,
  options?: VerifyOptions,
): WebhookEvent {
  const isHeaders =
    typeof signatureHeaderOrHeaders === "object" &&
    signatureHeaderOrHeaders !== null &&
    !Array.isArray(signatureHeaderOrHeaders);
  const verified = isHeaders
    ? verifyWebhook(rawBody, signatureHeaderOrHeaders as WebhookHeaders, secret, options)
    : verifyWebhookSignature(rawBody, signatureHeaderOrHeaders as SignatureHeader, secret);
  if (!verified) {
    throw new WebhookVerificationError(
      "The webhook signature does not match this body and secret, or its timestamp is more than 5 minutes off.",
    );
  }
  const text = typeof rawBody === "string" ? rawBody : new TextDecoder().decode(rawBody);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new WebhookVerificationError("The webhook body is not JSON.");
  }
  if (!isEnvelope(parsed)) throw new WebhookVerificationError("The webhook body is not an event envelope.");
  return parsed as WebhookEvent;
}

/** Whether an event is one of the names this SDK types (so its payload type is known). */
export function isKnownEvent(event: WebhookEvent | UnknownWebhookEvent): event is WebhookEvent {
  return (WEBHOOK_EVENT_NAMES as readonly string[]).includes(event.event);
}

function isEnvelope(value: unknown): value is WebhookEvent | UnknownWebhookEvent {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === "string" &&
    typeof v.event === "string" &&
    typeof v.timestamp === "string" &&
    typeof v.payload === "object" &&
    v.payload !== null
  );
}
