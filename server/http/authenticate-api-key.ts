import { getDb } from "../db/client";
import { AppError } from "../errors";
import { keyCache, type CachedKey } from "../api-keys/key-cache";
import { ensureKeyListener } from "../api-keys/key-listener";
import { hashKeySecret, KEY_SHAPE } from "../api-keys/key-secret";
import { lastUsed } from "../api-keys/last-used";
import { ipMatchesAny } from "@/schemas/ip-ranges";
import type { Permission } from "@/schemas/permissions";
import { bearerToken, looksLikeJwt } from "./authenticate";
import { clientIp } from "./client-ip";

export interface ApiKeyAuth {
  kind: "apiKey";
  keyId: string;
  organizationId: string;
  environment: "live" | "test";
  permissions: Permission[];
}

async function findKey(hash: string): Promise<CachedKey | null> {
  const cached = keyCache.get(hash);
  if (cached) return cached;
  const generation = keyCache.currentGeneration();
  const row = await getDb().apiKey.findUnique({
    where: { keyHash: hash },
    select: {
      id: true,
      organizationId: true,
      environment: true,
      permissions: true,
      ipRestrictions: true,
      isActive: true,
      expiresAt: true,
    },
  });
  if (!row) return null;
  keyCache.set(hash, row, generation);
  return row;
}

/** SMS/OTP routes: the key's environment comes from its prefix, its organization from the row. */
export async function authenticateApiKey(req: Request, now = new Date()): Promise<ApiKeyAuth> {
  ensureKeyListener();
  const token = bearerToken(req);
  if (looksLikeJwt(token)) {
    throw new AppError(
      "wrong_credential_type",
      "Access tokens are not accepted here; use an API key (sg_live_… or sg_test_…).",
    );
  }
  if (!KEY_SHAPE.test(token)) throw new AppError("unauthenticated", "The API key is not valid.");

  const key = await findKey(hashKeySecret(token));
  if (!key) throw new AppError("unauthenticated", "The API key is not valid.");
  if (!key.isActive) throw new AppError("key_disabled");
  if (key.expiresAt && key.expiresAt <= now) throw new AppError("key_expired");
  if (key.ipRestrictions.length > 0) {
    const ip = clientIp(req);
    if (!ip || !ipMatchesAny(ip, key.ipRestrictions)) {
      throw new AppError(
        "ip_not_allowed",
        `Requests from ${ip ?? "an unknown address"} are not allowed for this API key.`,
      );
    }
  }
  lastUsed.record(key.id, now);
  return {
    kind: "apiKey",
    keyId: key.id,
    organizationId: key.organizationId,
    environment: key.environment,
    permissions: key.permissions as Permission[],
  };
}
