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
  private inFlight = 0;
  /** Statements of several items, and those that failed (for tests). */
  readonly stats = { batches: 0, fallbacks: 0 };

  constructor(
    /** Results in the order of `items`. */
    private readonly many: (items: T[]) => Promise<R[]>,
    private readonly one: (item: T) => Promise<R>,
    private readonly maxBatch = DEFAULT_MAX_BATCH,
    /**
     * Most statements in flight at once (default: no limit). With a limit, items that arrive while
     * the statements run wait and go together in the next one: for a stream of items that each
     * arrive on their own turn (an SMSC's deliver_sm), this is what makes batches at all.
     */
    private readonly maxInFlight = Infinity,
  ) {}

  add(item: T): Promise<R> {
    return new Promise((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      if (this.inFlight >= this.maxInFlight) return; // taken by the flush that ends next
      if (this.pending.length >= this.maxBatch) void this.flush();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    this.inFlight++;
    try {
      await this.write(this.pending.splice(0, this.maxBatch));
    } finally {
      this.inFlight--;
      // Items that waited for a free slot: the next statement takes them.
      if (this.pending.length > 0 && this.inFlight < this.maxInFlight && !this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.flush());
      }
    }
  }

  private async write(batch: Pending<T, R>[]): Promise<void> {
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
