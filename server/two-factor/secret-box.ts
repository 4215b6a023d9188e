import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { getEnv } from "../env";

// TOTP secrets at rest: AES-256-GCM under a key derived from AUTH_SECRET with a label of their
// own, so a database dump alone does not give anyone a user's second factor.
// Format: `v1.<iv>.<tag>.<ciphertext>` in base64url.
function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", getEnv().AUTH_SECRET, "signalgate", "totp-secret-box-v1", 32));
}

export function sealTotpSecret(secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", ...[iv, cipher.getAuthTag(), data].map((b) => b.toString("base64url"))].join(".");
}

export function openTotpSecret(sealed: string): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || !data) throw new Error("Unknown TOTP secret format.");
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
