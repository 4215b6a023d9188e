import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { closeDb, ensureMigrated } from "../db/client";
import { resetEnvForTests } from "../env";

/**
 * Throwaway PostgreSQL databases for tests that need an empty database of their own (for example
 * to watch migrations apply from scratch), on the server the postgres test project points at.
 * The server itself comes from server/scripts/with-postgres.mjs.
 */

export interface ThrowawayDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  name: string;
  /** Drops the database, disconnecting anyone still connected. Safe to call twice. */
  drop(): Promise<void>;
}

/** The PostgreSQL server under test, when the current project runs against one. */
export function postgresServerUrl(): string | undefined {
  const url = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : undefined;
}

export function databaseUrlFor(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export async function withAdminClient<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `sg_test_<random>` on the server of `serverUrl` (any database on it will do). With
 * `icuLocale`, its default collation is that ICU locale (a managed service's usual default), which
 * PostgreSQL 15 provides without any operating-system locale.
 */
export async function createThrowawayDatabase(
  serverUrl = postgresServerUrl(),
  options: { icuLocale?: "en-US" } = {},
): Promise<ThrowawayDatabase> {
  if (!serverUrl) throw new Error("createThrowawayDatabase needs a postgresql:// server URL");
  const name = `sg_test_${randomBytes(6).toString("hex")}`;
  const locale = options.icuLocale
    ? ` TEMPLATE template0 ENCODING 'UTF8' LOCALE_PROVIDER icu ICU_LOCALE '${options.icuLocale}' LC_COLLATE 'C' LC_CTYPE 'C'`
    : "";
  // Identifiers cannot be bound as parameters; the name is generated above, never user input.
  await withAdminClient(serverUrl, (c) => c.query(`CREATE DATABASE "${name}"${locale}`));
  let dropped = false;
  return {
    name,
    url: databaseUrlFor(serverUrl, name),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdminClient(serverUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    },
  };
}

/**
 * For a file whose subject reads the whole database's transaction horizon (the events stream): on
 * PostgreSQL, the file runs on a database of its own, so another file's long transaction on the
 * shared test database cannot hold it back. Call at the top of the file, before its own hooks.
 * PGlite files have their own in-memory database already.
 */
export function runOnOwnPostgresDatabase(): void {
  let own: ThrowawayDatabase | undefined;
  let sharedUrl: string | undefined;
  beforeAll(async () => {
    const server = postgresServerUrl();
    if (!process.env.DATABASE_URL || !server) return;
    own = await createThrowawayDatabase(server);
    sharedUrl = process.env.DATABASE_URL;
    await closeDb();
    process.env.DATABASE_URL = own.url;
    resetEnvForTests();
    await ensureMigrated();
  }, 120_000);
  afterAll(async () => {
    if (!own) return;
    await closeDb();
    process.env.DATABASE_URL = sharedUrl;
    resetEnvForTests();
    await own.drop();
  }, 60_000);
}
