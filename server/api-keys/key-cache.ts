import type { KeyEnvironment } from "@/schemas/api-keys";

export interface CachedKey {
  id: string;
  organizationId: string;
  environment: KeyEnvironment;
  permissions: string[];
  ipRestrictions: string[];
  isActive: boolean;
  expiresAt: Date | null;
  /** updated_at of the row: the limiter checks it to detect a stale entry. */
  version: Date;
}

const TTL_MS = 60_000;

/**
 * Keys by secret hash, so authentication needs no database round trip of its own. Correctness
 * does not rest on invalidation: the rate limiter's single SQL call (sg_rate_limit_take) checks
 * that the row still has this hash and `version`, and a stale entry is dropped and re-read before
 * the request goes on (server/http/api-route.ts). Local changes drop their entry at once; a read
 * that started before an invalidation is not stored (generation check).
 */
class KeyCache {
  private byHash = new Map<string, { key: CachedKey; storedAt: number }>();
  private hashById = new Map<string, string>();
  private generation = 0;

  currentGeneration(): number {
    return this.generation;
  }

  get(hash: string, now = Date.now()): CachedKey | undefined {
    const hit = this.byHash.get(hash);
    if (!hit) return undefined;
    if (now - hit.storedAt > TTL_MS) {
      this.byHash.delete(hash);
      return undefined;
    }
    return hit.key;
  }

  set(hash: string, key: CachedKey, generationAtRead: number, now = Date.now()): void {
    if (generationAtRead !== this.generation) return;
    if (this.byHash.size > 50_000) this.clear();
    this.byHash.set(hash, { key, storedAt: now });
    this.hashById.set(key.id, hash);
  }

  invalidate(keyId: string): void {
    this.generation += 1;
    const hash = this.hashById.get(keyId);
    if (hash) this.byHash.delete(hash);
    this.hashById.delete(keyId);
  }

  clear(): void {
    this.generation += 1;
    this.byHash.clear();
    this.hashById.clear();
  }
}

const holder = globalThis as typeof globalThis & { __signalgateKeyCache?: KeyCache };
export const keyCache: KeyCache = (holder.__signalgateKeyCache ??= new KeyCache());
