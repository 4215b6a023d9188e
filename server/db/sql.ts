import { getDriver } from "./client";
import { rawQuery } from "./driver";
import type { RawTx } from "./driver-transaction";

/**
 * One SQL statement with positional parameters (arrays become PostgreSQL arrays). Inside a
 * transaction pass it as `db`; with `db` null the statement goes straight to the driver as a named
 * prepared statement (parsed and planned once per connection): the pipelines' hot path.
 */
export async function runSql<T extends Record<string, unknown> = Record<string, unknown>>(
  db: RawTx | null,
  text: string,
  params: unknown[],
  name?: string,
): Promise<T[]> {
  if (db === null) return rawQuery<T>(getDriver(), text, params, name);
  return db.$queryRawUnsafe<T[]>(text, ...params);
}
