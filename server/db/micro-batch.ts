/** Most items written by one statement. */
const DEFAULT_MAX_BATCH = 200;

interface Pending<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

/**
 * Whether a failed statement may have failed for one item's sake: PostgreSQL's data exceptions
 * (SQLSTATE class 22) and integrity violations (23). Anything else (the connection, a time-out, the
 * server shutting down) would fail each item alike, so retrying them one by one would only make N
 * more failing round trips before the callers hear of it.
 */
function mayBeOneItems(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^2[23][0-9A-Z]{3}$/.test(code);
}

/**
 * Group commit for work of concurrent requests: the items added in the same turn of the event loop
 * (concurrent requests in this process) go to the database together, through `many`, so fifty
 * concurrent requests cost one round trip instead of fifty. Nothing waits for a batch to fill: a
 * lone item goes on the next turn, through `one`. If a batch fails for what may be one item's data,
 * each of its items is tried on its own, so an item only ever fails for its own reason; any other
 * failure is every item's answer at once.
 */
export class MicroBatcher<T, R> {
  private pending: Pending<T, R>[] = [];
  private scheduled = false;
  /** Statements of several items, and those that failed (for tests). */
  readonly stats = { batches: 0, fallbacks: 0 };

  constructor(
    /** Results in the order of `items`. */
    private readonly many: (items: T[]) => Promise<R[]>,
    private readonly one: (item: T) => Promise<R>,
    private readonly maxBatch = DEFAULT_MAX_BATCH,
  ) {}

  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.pending.length >= this.maxBatch) void this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    if (batch.length === 1) return this.one(batch[0]!.item).then(batch[0]!.resolve, batch[0]!.reject);
    let results: R[];
    try {
      results = await this.many(batch.map((p) => p.item));
      this.stats.batches++;
    } catch (err) {
      if (!mayBeOneItems(err)) {
        for (const p of batch) p.reject(err);
        return;
      }
      this.stats.fallbacks++;
      for (const p of batch) await this.one(p.item).then(p.resolve, p.reject);
      return;
    }
    batch.forEach((p, i) => p.resolve(results[i]!));
  }
}
