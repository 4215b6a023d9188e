import type { PoolClient } from "pg";
import { getDriver } from "./client";

/**
 * The raw statements of an open transaction, with the names Prisma's client uses, so code written for
 * `DbOrTx` raw SQL (`runSql`, `insertMessages`, `insertTrackedLinks`) runs in either. Only raw SQL:
 * no models.
 */
export interface RawTx {
  $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): PromiseLike<T>;
  $executeRawUnsafe(query: string, ...values: unknown[]): PromiseLike<number>;
}

/**
 * A transaction on the raw driver (one PostgreSQL connection with its own BEGIN/COMMIT, or PGlite's
 * transaction, which Prisma's PGlite adapter serializes with). For hot paths of many large
 * statements: inside a Prisma interactive transaction every raw statement goes through Prisma's
 * query compiler, several milliseconds of CPU each (docs/campaigns.md, sending speed). Rolled back
 * when `work` throws. Results are the driver's: bigint and numeric columns come back as strings on
 * PostgreSQL (read them with Number()), timestamps as Date, JSON parsed.
 */
export async function inDriverTransaction<T>(work: (tx: RawTx) => Promise<T>): Promise<T> {
  const driver = getDriver();
  if (driver.kind === "pglite") {
    return driver.pglite.transaction(async (t) =>
      work({
        $queryRawUnsafe: async <R>(query: string, ...values: unknown[]) => (await t.query(query, values)).rows as R,
        $executeRawUnsafe: async (query: string, ...values: unknown[]) =>
          (await t.query(query, values)).affectedRows ?? 0,
      }),
    );
  }
  const client: PoolClient = await driver.pool.connect();
  const tx: RawTx = {
    $queryRawUnsafe: async <R>(query: string, ...values: unknown[]) => (await client.query(query, values)).rows as R,
    $executeRawUnsafe: async (query: string, ...values: unknown[]) => (await client.query(query, values)).rowCount ?? 0,
  };
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    try {
      const value = await work(tx);
      await client.query("COMMIT");
      return value;
    } catch (err) {
      await client.query("ROLLBACK").catch((rollbackErr: unknown) => {
        // The connection itself failed: the pool must not hand it out again.
        broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
      });
      throw err;
    }
  } finally {
    client.release(broken);
  }
}
