import type { KeyEnvironment } from "@/schemas/api-keys";

export interface CachedKey {
  id: string;
  organizationId: string;
  environment: KeyEnvironment;
  permissions: string[];
  ipRestrictions: string[];
  isActive: boolean;
  expiresAt: Date | null;
}

const TTL_MS = 60_000;

/**
 * Keys by secret hash, for the embedded database only: PGlite runs in this process, so a query
 * costs the request thread itself, and since no other process can change a key, dropping the
 * entry on change (key-changes.ts) is exact. A read that started before an invalidation is not
 * stored (generation check), so a racing request cannot re-insert what was just dropped.
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
