import { getDriver } from "../db/client";
import { rawQuery } from "../db/driver";
import { MicroBatcher } from "../db/micro-batch";

/** One call of sg_rate_limit_take, in its parameter order. */
export type TakeArgs = [
  organizationId: string,
  category: string | null,
  categoryLimit: number | null,
  nowMs: number,
  keyId: string | null,
  keyHash: string | null,
  keyVersion: string | null,
];

const SINGLE_SQL = "SELECT * FROM sg_rate_limit_take($1, $2, $3, $4, $5, $6, $7)";

// Every call of the batch in one statement, so in one transaction: each call sees the counts the
// earlier ones wrote (the function's statements take fresh snapshots), exactly as if they had come
// one after the other. Calls run in organization order (the ordered subquery is the outer side of
// the lateral join; OFFSET 0 keeps it from being flattened), so two processes' batches take the
// organizations' advisory locks in the same order and cannot deadlock.
const BATCH_SQL = `
SELECT t.i, r.* FROM (
  SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::int[], $5::bigint[], $6::text[], $7::text[],
                       $8::timestamptz[])
    AS u(i, org, category, category_limit, now_ms, key_id, key_hash, key_version)
  ORDER BY org, i
  OFFSET 0
) t, LATERAL sg_rate_limit_take(t.org, t.category, t.category_limit, t.now_ms, t.key_id, t.key_hash, t.key_version) r`;

async function takeOne(args: TakeArgs): Promise<Record<string, unknown> | undefined> {
  const rows = await rawQuery(getDriver(), SINGLE_SQL, args, "sg_rate_limit_take");
  return rows[0];
}

async function takeMany(calls: TakeArgs[]): Promise<(Record<string, unknown> | undefined)[]> {
  const column = (k: number) => calls.map((args) => args[k] ?? null);
  const rows = await rawQuery(
    getDriver(),
    BATCH_SQL,
    [calls.map((_, i) => i), column(0), column(1), column(2), column(3), column(4), column(5), column(6)],
    "sg_rate_limit_take_batch",
  );
  const byIndex = new Map(rows.map((r) => [Number(r.i), r]));
  return calls.map((_, i) => byIndex.get(i));
}

const batcher = new MicroBatcher(takeMany, takeOne);

/** What the batcher did, for its tests: statements of several calls, and those that failed. */
export const batchStats = batcher.stats;

/**
 * The limiter's round trip, shared (db/micro-batch.ts): the calls of the requests that reach the
 * limiter in the same turn of the event loop go to the database as one statement, so fifty
 * concurrent API requests cost one round trip for their limits instead of fifty.
 */
export function takeBatched(args: TakeArgs): Promise<Record<string, unknown> | undefined> {
  return batcher.add(args);
}
