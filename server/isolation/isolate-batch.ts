import { isTransientDatabaseError } from "../db/unavailable";
import { setAsideSafely } from "./isolate-item";
import { recordItemFailure, type ItemFailure, type RunnerItem } from "./item-failure";

export interface FailedItem<T> {
  item: T;
  failure: ItemFailure;
}

/**
 * Runs `work` over a batch of independent items (one statement over many organizations' rows, a
 * carrier's batch). When it fails with an item's fault, the batch is split in halves, and those
 * again, until the items that fail on their own are found: every other item is done, and those are
 * set aside (`setAside`, once, with all of them). One bad item among n costs about 2·log2(n) more
 * runs of `work`, so it must be safe to run again on items whose earlier run failed (one statement,
 * or one transaction, per call).
 *
 * Not an item's fault, and so thrown, with nothing set aside: a transient database error (the pass
 * is retried), and a failure of everything tried, once two items have failed alone and no part of
 * the batch (not even the rest of it, tried once more) went through. Then every item would fail: a
 * fault of the code or of the database, where setting aside would fail every message of every
 * organization instead of retrying them.
 */
export async function isolateBatch<T>(options: {
  items: readonly T[];
  describe: (item: T) => RunnerItem;
  work: (items: readonly T[]) => Promise<void>;
  setAside: (failed: FailedItem<T>[]) => Promise<void>;
}): Promise<FailedItem<T>[]> {
  const { work } = options;
  let succeeded = 0;
  let firstError: unknown;
  const alone: { item: T; error: unknown }[] = [];
  const pending: (readonly T[])[] = options.items.length > 0 ? [options.items] : [];
  while (pending.length > 0) {
    const part = pending.shift()!;
    try {
      await work(part);
      succeeded += part.length;
      continue;
    } catch (err) {
      if (isTransientDatabaseError(err)) throw err;
      firstError ??= err;
      if (part.length > 1) {
        const half = Math.ceil(part.length / 2);
        pending.unshift(part.slice(0, half), part.slice(half));
        continue;
      }
      alone.push({ item: part[0]!, error: err });
    }
    if (succeeded === 0 && alone.length >= 2) {
      // Everything tried has failed: the rest, together, decides whether it is the items' fault.
      const rest = pending.splice(0).flat();
      if (rest.length === 0) throw firstError;
      try {
        await work(rest);
      } catch (err) {
        throw isTransientDatabaseError(err) ? err : firstError;
      }
      succeeded += rest.length;
    }
  }
  if (alone.length === 0) return [];
  const failed = alone.map(({ item, error }) => ({ item, failure: recordItemFailure(options.describe(item), error) }));
  await setAsideSafely(
    failed.map((f) => options.describe(f.item)),
    failed[0]!.failure,
    () => options.setAside(failed),
  );
  return failed;
}
