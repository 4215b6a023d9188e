import { getDriver } from "../db/client";
import { rawQuery } from "../db/driver";
import { AppError } from "../errors";
import { keyCache, type CachedKey } from "../api-keys/key-cache";
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
  /** For the limiter's staleness check of the cached key. */
  keyHash: string;
  version: Date;
}

interface KeyRow extends Record<string, unknown> {
  id: string;
  organization_id: string;
  environment: "live" | "test";
  permissions: string[];
  ip_restrictions: string[];
  is_active: boolean;
  expires_at: Date | null;
  updated_at: Date;
}

// By its hash alone, before the organization is known: the unique index is (key_hash,
// organization_id), hash first. A key's 238 random bits make its hash unique across organizations
// in practice (docs/scaling.md); should two rows ever share one, neither is taken (LIMIT 2).
const FIND_KEY_SQL = `SELECT id, organization_id, environment::text AS environment, permissions, ip_restrictions,
  is_active, expires_at, updated_at FROM api_keys WHERE key_hash = $1 LIMIT 2`;

async function readKey(hash: string): Promise<CachedKey | null> {
  const [row, twin] = await rawQuery<KeyRow>(getDriver(), FIND_KEY_SQL, [hash], "sg_find_api_key");
  if (!row || twin) return null;
  return {
    id: row.id,
    organizationId: row.organization_id,
    environment: row.environment,
    permissions: row.permissions,
    ipRestrictions: row.ip_restrictions,
    isActive: row.is_active,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    version: new Date(row.updated_at),
  };
}

async function readAndCache(hash: string): Promise<CachedKey | null> {
  const generation = keyCache.currentGeneration();
  const key = await readKey(hash);
  if (key) keyCache.set(hash, key, generation);
  return key;
}

function check(key: CachedKey | null, req: Request, now: Date): CachedKey {
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
  return key;
}

/**
 * SMS/OTP routes: the key's environment comes from its prefix, its organization from the row.
 *
 * The key usually comes from this process's cache, which another instance's change can outdate.
 * The cache is trusted only to let a request on: a cached key that fails a check is read again
 * before the answer, and one that passes is re-validated by the rate limiter's call (its version
 * travels in `version`; see admit() in api-route.ts). `fresh` skips the cache.
 */
export async function authenticateApiKey(
  req: Request,
  options: { fresh?: boolean; now?: Date } = {},
): Promise<ApiKeyAuth> {
  const now = options.now ?? new Date();
  const token = bearerToken(req);
  if (looksLikeJwt(token)) {
    throw new AppError(
      "wrong_credential_type",
      "Access tokens are not accepted here; use an API key (sg_live_… or sg_test_…).",
    );
  }
  if (!KEY_SHAPE.test(token)) throw new AppError("unauthenticated", "The API key is not valid.");

  const keyHash = hashKeySecret(token);
  const cached = options.fresh ? undefined : keyCache.get(keyHash);
  let key: CachedKey;
  if (cached) {
    try {
      key = check(cached, req, now);
    } catch {
      key = check(await readAndCache(keyHash), req, now);
    }
  } else {
    key = check(await readAndCache(keyHash), req, now);
  }
  lastUsed.record(key.id, now);
  return {
    kind: "apiKey",
    keyId: key.id,
    organizationId: key.organizationId,
    environment: key.environment,
    permissions: key.permissions as Permission[],
    keyHash,
    version: key.version,
  };
}

/** The limiter found the cached key outdated: forget it so the retry reads the row. */
export function forgetCachedKey(auth: ApiKeyAuth): void {
  keyCache.invalidate(auth.keyId);
}
