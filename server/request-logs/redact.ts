/**
 * What a request log may hold of a body (contract §16): JSON up to 16 KiB, with every credential
 * replaced by "[redacted]": Authorization values, passwords, tokens, secrets, OTP and recovery
 * codes, raw API keys. Decided by the field's name, wherever it is nested, so a new secret-bearing
 * field is covered by its name (the sweep in request-logs.int.test.ts checks every route).
 */
export const REDACTED = "[redacted]";
export const MAX_BODY_CHARS = 16 * 1024;

const SECRET_NAMES =
  /pass(word|phrase)?|token|secret|authorization|api_?key$|^rawKey$|^key$|totp|recovery|otp_?code|^cookie$/i;

function isSecretField(name: string, value: unknown): boolean {
  if (SECRET_NAMES.test(name)) return true;
  // `code`: an OTP code or a recovery code is a secret; an error code (`invalid_request`) is not.
  if (/^code$/i.test(name)) return !(typeof value === "string" && /^[a-z][a-z0-9_]*$/.test(value));
  return false;
}

function redactValue(value: unknown, options: { dropBodies: boolean }, depth: number): unknown {
  if (depth > 20) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, options, depth + 1));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (isSecretField(k, v)) out[k] = REDACTED;
      // Message bodies read back (a sandbox OTP message's text holds its code) are not kept.
      else if (options.dropBodies && k === "body" && typeof v === "string") out[k] = REDACTED;
      else out[k] = redactValue(v, options, depth + 1);
    }
    return out;
  }
  return value;
}

/**
 * The body as stored: redacted, and cut to 16 KiB (then `{ "[truncated]": "<the first 16 KiB>" }`,
 * redacted first so the cut never reveals a secret). `dropBodies` for answers that read messages.
 */
export function storableBody(value: unknown, options: { dropBodies?: boolean } = {}): unknown {
  if (value === undefined || value === null) return null;
  const redacted = redactValue(value, { dropBodies: options.dropBodies ?? false }, 0);
  const text = JSON.stringify(redacted);
  if (text.length <= MAX_BODY_CHARS) return redacted;
  return { "[truncated]": text.slice(0, MAX_BODY_CHARS) };
}
