import { createHmac, timingSafeEqual } from "node:crypto";
import type { RawBody } from "./verify.js";
import { verifyWebhookSignature } from "./verify.js";

/** Incoming request headers: a fetch `Headers`, or Node's `IncomingHttpHeaders`-like object. */
export type WebhookHeaders =
  { get(name: string): string | null } | Readonly<Record<string, string | readonly string[] | null | undefined>>;

export interface VerifyOptions {
  /** How far the delivery's timestamp may be from now, in seconds (default 300: Standard Webhooks' 5 minutes). */
  toleranceSeconds?: number;
  /** The current time (tests). */
  now?: Date;
}

export const DEFAULT_TOLERANCE_SECONDS = 300;

/** `whsec_` and standard base64 (padded), the form the Standard Webhooks libraries decode. */
const WHSEC_BASE64 = /^whsec_(?=.)((?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?)$/;

/**
 * The HMAC key of the Standard Webhooks signature (contract §12): a `whsec_<base64>` secret, as
 * SignalGate generates them, by its decoded bytes (what `new Webhook(secret)` of the Standard
 * Webhooks libraries does); any other secret by its UTF-8 bytes.
 */
export function standardWebhookKey(secret: string): Uint8Array {
  const match = WHSEC_BASE64.exec(secret);
  return match ? Buffer.from(match[1]!, "base64") : Buffer.from(secret, "utf8");
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") {
    return (headers as { get(name: string): string | null }).get(name) ?? undefined;
  }
  const record = headers as Record<string, string | readonly string[] | null | undefined>;
  const value = record[name] ?? Object.entries(record).find(([k]) => k.toLowerCase() === name)?.[1];
  if (Array.isArray(value)) return value.length === 1 ? (value[0] as string) : undefined;
  return typeof value === "string" ? value : undefined;
}

function timestampIsFresh(value: string | undefined, options: VerifyOptions | undefined): boolean {
  if (value === undefined || !/^\d{1,12}$/.test(value.trim())) return false;
  const tolerance = options?.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  const now = Math.floor((options?.now ?? new Date()).getTime() / 1000);
  return Math.abs(now - Number(value.trim())) <= tolerance;
}

/**
 * Checks the Standard Webhooks signature (`webhook-signature: v1,<base64>` over
 * `{webhook-id}.{webhook-timestamp}.{body}`, HMAC-SHA256 keyed by {@link standardWebhookKey}) in
 * constant time, and refuses a timestamp more than `toleranceSeconds` (5 minutes) from now, so a
 * captured delivery cannot be replayed later. False on anything malformed; it never throws.
 */
export function verifyStandardWebhook(
  rawBody: RawBody,
  headers: WebhookHeaders,
  secret: string,
  options?: VerifyOptions,
): boolean {
  try {
    if (typeof secret !== "string" || secret.length === 0 || headers == null) return false;
    if (typeof rawBody !== "string" && !(rawBody instanceof Uint8Array)) return false;
    const id = header(headers, "webhook-id");
    const timestamp = header(headers, "webhook-timestamp");
    const signatures = header(headers, "webhook-signature");
    if (!id || !signatures || !timestampIsFresh(timestamp, options)) return false;
    const expected = createHmac("sha256", standardWebhookKey(secret))
      .update(`${id}.${timestamp!.trim()}.`, "utf8")
      .update(typeof rawBody === "string" ? Buffer.from(rawBody, "utf8") : rawBody)
      .digest();
    // The header may carry several space-separated signatures (key rotation); one match is enough.
    return signatures.split(" ").some((entry) => {
      const [version, value] = entry.split(",", 2);
      if (version !== "v1" || !value) return false;
      const given = Buffer.from(value, "base64");
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  } catch {
    return false;
  }
}

/**
 * Verifies a delivery by either scheme, from its headers: the Standard Webhooks signature when the
 * request carries one, else the seed's `X-Webhook-Signature` together with a fresh
 * `X-Webhook-Timestamp` (both refused more than 5 minutes off; only the Standard signature covers
 * the timestamp, so prefer it).
 */
export function verifyWebhook(
  rawBody: RawBody,
  headers: WebhookHeaders,
  secret: string,
  options?: VerifyOptions,
): boolean {
  try {
    if (headers == null) return false;
    if (header(headers, "webhook-signature") !== undefined) {
      return verifyStandardWebhook(rawBody, headers, secret, options);
    }
    return (
      timestampIsFresh(header(headers, "x-webhook-timestamp"), options) &&
      verifyWebhookSignature(rawBody, header(headers, "x-webhook-signature"), secret)
    );
  } catch {
    return false;
  }
}
