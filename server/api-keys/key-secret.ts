import { createHash } from "node:crypto";
import { randomBase62 } from "../ids";
import type { KeyEnvironment } from "@/schemas/api-keys";

export const KEY_SHAPE = /^sg_(live|test)_[0-9A-Za-z]{40}$/;

export function hashKeySecret(raw: string): string {
  return createHash("sha256").update(raw).digest("hex");
}

/** contract §4: prefix + 40 base62 characters from a CSPRNG; display prefix = first 12 chars + "…". */
export function generateKeySecret(environment: KeyEnvironment): { raw: string; hash: string; prefix: string } {
  const raw = `sg_${environment}_${randomBase62(40)}`;
  return { raw, hash: hashKeySecret(raw), prefix: `${raw.slice(0, 12)}…` };
}
