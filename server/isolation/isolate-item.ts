import { isTransientDatabaseError } from "../db/unavailable";
import { logger } from "../logger";
import { errorMessageOf, recordItemFailure, type ItemFailure, type RunnerItem } from "./item-failure";

export type Isolated<T> = { ok: true; value: T } | { ok: false; failure: ItemFailure };

/**
 * Runs one item's work for a shared runner (contract: no tenant's failing work stalls another's).
 * A transient database error is thrown on: the database's fault, not the item's, so the runner's
 * pass is retried as a whole. Any other error is the item's: it is logged with its stack under an
 * error reference, `setAside` records it in the item's own terms (a campaign PAUSED, an import
 * FAILED…), and the runner goes on with its other items. Should setting aside fail too (other than
 * transiently), that is logged and the item is simply tried again on a later pass.
 */
export async function isolateItem<T>(
  item: RunnerItem,
  work: () => Promise<T>,
  setAside: (failure: ItemFailure) => Promise<void>,
): Promise<Isolated<T>> {
  try {
    return { ok: true, value: await work() };
  } catch (err) {
    if (isTransientDatabaseError(err)) throw err;
    const failure = recordItemFailure(item, err);
    await setAsideSafely([item], failure, () => setAside(failure));
    return { ok: false, failure };
  }
}

/** Runs a set-aside: a transient error is thrown on (the pass retries), any other is logged. */
export async function setAsideSafely(
  items: readonly RunnerItem[],
  failure: ItemFailure,
  write: () => Promise<void>,
): Promise<void> {
  try {
    await write();
  } catch (err) {
    if (isTransientDatabaseError(err)) throw err;
    logger.error("runner item could not be set aside; it is tried again later", {
      runner: items[0]?.runner,
      kind: items[0]?.kind,
      ids: items.map((item) => item.id),
      errorReference: failure.reference,
      error: errorMessageOf(err),
      stack: err instanceof Error ? err.stack : undefined,
    });
  }
}
