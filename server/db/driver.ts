import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

/**
 * The raw connection under Prisma. PGlite allows one opener per data directory, so the process
 * holds exactly one PGlite instance and shares it between Prisma, migrations and the job runner.
 */
export type Driver =
  | { kind: "pglite"; pglite: PGlite; close(): Promise<void> }
  | { kind: "postgres"; pool: pg.Pool; close(): Promise<void> };

export function openPglite(dataDir: string): PGlite {
  if (dataDir.startsWith("memory://")) return new PGlite(dataDir);
  const dir = path.resolve(/* turbopackIgnore: true */ process.cwd(), dataDir, "pglite");
  mkdirSync(dir, { recursive: true });
  return new PGlite(dir);
}

export function openDriver(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Driver {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on("error", (err) => console.error("[db] idle PostgreSQL client error:", err.message));
    return { kind: "postgres", pool, close: () => pool.end() };
  }
  const pglite = openPglite(options.dataDir);
  return { kind: "pglite", pglite, close: () => pglite.close() };
}

/** Run a multi-statement SQL script (migrations). Neither path goes through a prepared statement. */
export async function execScript(driver: Driver, sql: string): Promise<void> {
  if (driver.kind === "pglite") {
    await driver.pglite.exec(sql);
  } else {
    await driver.pool.query(sql);
  }
}

/**
 * A query on the raw driver, for hot paths where Prisma's overhead shows. `name` makes it a named
 * prepared statement on PostgreSQL, parsed and planned once per connection.
 */
export async function rawQuery<T extends Record<string, unknown>>(
  driver: Driver,
  sql: string,
  params: unknown[] = [],
  name?: string,
): Promise<T[]> {
  if (driver.kind === "pglite") {
    const result = await driver.pglite.query<T>(sql, params);
    return result.rows;
  }
  const result = await driver.pool.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
  return result.rows as T[];
}
