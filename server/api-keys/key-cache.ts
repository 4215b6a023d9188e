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
 * Keys by secret hash, so authentication costs no database round trip on the hot path. Entries
 * are dropped on change (locally, and on other instances through LISTEN/NOTIFY: see
 * key-listener.ts) and after a minute as a safety net. A read that started before an
 * invalidation is not cached (generation check), so a racing request cannot re-insert stale data.
 */
class KeyCache {
  private byHash = new Map<string, { key: CachedKey; storedAt: number }>();
  private hashById = new Map<string, string>();
  private generation = 0;
  /** False while cross-instance invalidation is not guaranteed (listener down): bypass. */
  enabled = true;

  currentGeneration(): number {
    return this.generation;
  }

  get(hash: string, now = Date.now()): CachedKey | undefined {
    if (!this.enabled) return undefined;
    const hit = this.byHash.get(hash);
    if (!hit) return undefined;
    if (now - hit.storedAt > TTL_MS) {
      this.byHash.delete(hash);
      return undefined;
    }
    return hit.key;
  }

  set(hash: string, key: CachedKey, generationAtRead: number, now = Date.now()): void {
    if (!this.enabled || generationAtRead !== this.generation) return;
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
