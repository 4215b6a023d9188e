import { getDb } from "../db/client";
import { logger } from "../logger";

const FLUSH_INTERVAL_MS = 15_000;

/**
 * lastUsedAt without a database write per request (contract §4: may lag up to 60 s): uses are
 * collected in memory and written in one statement every 15 seconds, and at shutdown.
 */
class LastUsedRecorder {
  private pending = new Map<string, Date>();
  private timer: NodeJS.Timeout | undefined;

  record(keyId: string, at = new Date()): void {
    this.pending.set(keyId, at);
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.flush().catch((err: unknown) => logger.warn("lastUsedAt flush failed", { error: String(err) }));
    }, FLUSH_INTERVAL_MS).unref();
  }

  async flush(): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batch = [...this.pending];
    this.pending.clear();
    const ids = batch.map(([id]) => id);
    const times = batch.map(([, at]) => at.toISOString());
    return getDb().$executeRaw`
      UPDATE api_keys AS k SET last_used_at = v.at
      FROM (SELECT unnest(${ids}::text[]) AS id, unnest(${times}::timestamptz[]) AS at) AS v
      WHERE k.id = v.id AND (k.last_used_at IS NULL OR k.last_used_at < v.at)`;
  }
}

const holder = globalThis as typeof globalThis & { __signalgateLastUsed?: LastUsedRecorder };
export const lastUsed: LastUsedRecorder = (holder.__signalgateLastUsed ??= new LastUsedRecorder());
