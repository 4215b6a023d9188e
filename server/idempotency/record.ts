import type { Db, DbOrTx } from "../db/client";

/**
 * Stores the response of an idempotent request. Domain functions call it inside the transaction
 * of the work the response describes, so a stored response always matches committed work and a
 * crash in between leaves neither.
 */
export type RecordResponse = (tx: DbOrTx, body: unknown) => Promise<void>;

/** Run `work` in a transaction when a response must be recorded with it, else without one. */
export async function withRecordedResponse<T>(
  db: Db,
  record: RecordResponse | undefined,
  work: (tx: DbOrTx | null) => Promise<T>,
): Promise<T> {
  if (!record) return work(null);
  return db.$transaction(async (tx) => {
    const result = await work(tx);
    await record(tx, result);
    return result;
  });
}
