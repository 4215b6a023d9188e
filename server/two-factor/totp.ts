import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";

// RFC 6238 as contract §12 fixes it: SHA-1, 6 digits, 30-second steps, one step either way.
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = "SignalGate";

function totp(secretBase32: string, label = "account"): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A fresh 160-bit secret (base32) and its otpauth:// URL for authenticator apps. */
export function newTotpSecret(accountLabel: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, otpauthUrl: totp(secret, accountLabel).toString() };
}

/**
 * The time step a code belongs to, when it is valid now (±1 step), else null. The caller accepts
 * it only if that step is later than the last one accepted, so a code works once.
 */
export function totpStep(secretBase32: string, code: string, now: Date): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = totp(secretBase32).validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of a secret at a time (tests and the e2e flow generate codes with it). */
export function totpCodeAt(secretBase32: string, at: Date): string {
  return totp(secretBase32).generate({ timestamp: at.getTime() });
}

// Recovery codes: 10 characters from an alphabet without look-alikes, shown as xxxxx-xxxxx.
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

export function newRecoveryCode(): string {
  let s = "";
  for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export function hashRecoveryCode(code: string): string {
  const normalized = code.toLowerCase().replace(/[\s-]/g, "");
  return createHash("sha256").update(`sg-recovery:${normalized}`).digest("hex");
}
