import { createHmac, hkdfSync, randomInt, timingSafeEqual } from "node:crypto";
import { getEnv } from "../env";

let cachedKey: { source: string; key: Buffer } | undefined;

/**
 * The HMAC key for codes: OTP_SECRET when set, else a key derived from AUTH_SECRET (HKDF with its
 * own label), so a database dump alone never allows brute-forcing the short codes offline.
 */
function otpKey(): Buffer {
  const env = getEnv();
  const source = env.OTP_SECRET ?? env.AUTH_SECRET;
  if (cachedKey?.source !== source) {
    const key = env.OTP_SECRET
      ? Buffer.from(env.OTP_SECRET)
      : Buffer.from(hkdfSync("sha256", env.AUTH_SECRET, "signalgate", "otp-code-hmac-v1", 32));
    cachedKey = { source, key };
  }
  return cachedKey.key;
}

/** A uniformly random code of `length` digits from the CSPRNG (leading zeros allowed). */
export function generateOtpCode(length: number): string {
  let code = "";
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** Bound to the OTP's id, so a hash copied to another row never verifies there. */
export function hashOtpCode(otpId: string, code: string): string {
  return createHmac("sha256", otpKey()).update(`${otpId}:${code}`).digest("hex");
}

/** Constant-time comparison of a candidate code against the stored hash. */
export function otpCodeMatches(otpId: string, code: string, storedHash: string): boolean {
  const candidate = Buffer.from(hashOtpCode(otpId, code), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return candidate.length === stored.length && timingSafeEqual(candidate, stored);
}
