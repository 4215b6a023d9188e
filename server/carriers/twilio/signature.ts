import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Twilio's request signature (`X-Twilio-Signature`): base64 of HMAC-SHA1, keyed with the account's
 * auth token, over the full URL Twilio requested (scheme, host, path and query string, exactly as
 * configured, so behind a proxy it must be the public URL) followed by every POST parameter name
 * and value, sorted by name and concatenated with no separators.
 *
 * Parameters are a plain record: Twilio's message status callbacks never repeat a name. (Twilio
 * signs repeated names by listing each value; a caller with such a form would need a multimap.)
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  let data = url;
  // Default sort compares UTF-16 code units, like Twilio's SDKs; parameter names are ASCII.
  for (const name of Object.keys(params).sort()) data += name + params[name];
  return createHmac("sha1", authToken).update(data, "utf8").digest("base64");
}

/**
 * True when `header` is the signature of this URL and these parameters. The comparison takes the
 * same time wherever the first difference is; a missing or empty header is never valid.
 */
export function verifyTwilioSignature(
  authToken: string,
  url: string,
  params: Readonly<Record<string, string>>,
  header: string | null | undefined,
): boolean {
  if (!header || !authToken) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params), "utf8");
  const given = Buffer.from(header, "utf8");
  // timingSafeEqual needs equal lengths. A signature's length is public (always 28 characters),
  // so answering early on a length mismatch leaks nothing about the expected value.
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
