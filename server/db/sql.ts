import { getDriver, type DbOrTx } from "./client";
import { rawQuery } from "./driver";

/**
 * One SQL statement with positional parameters (arrays become PostgreSQL arrays). Inside a
 * transaction pass it as `db`; with `db` null the statement goes straight to the driver as a named
 * prepared statement (parsed and planned once per connection): the pipelines' hot path.
 */
export async function runSql<T extends Record<string, unknown> = Record<string, unknown>>(
  db: DbOrTx | null,
  text: string,
  params: unknown[],
  name?: string,
): Promise<T[]> {
  if (db === null) return rawQuery<T>(getDriver(), text, params, name);
  return db.$queryRawUnsafe<T[]>(text, ...params);
}
