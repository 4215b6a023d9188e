import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { rawQuery, type Driver } from "../db/driver";
import { migrationsDir } from "../db/migrate";
import { isShuttingDown } from "../lifecycle";

/** A database that takes longer than this to answer a probe counts as unavailable (a pool may wait forever). */
const QUERY_TIMEOUT_MS = 3_000;

export type NotReadyReason = "shutting_down" | "database_unavailable" | "migrations_pending";

export interface Readiness {
  ok: boolean;
  /** Why this instance should get no traffic; absent when ok. */
  reason?: NotReadyReason;
  database: { ok: boolean; kind: Driver["kind"]; latencyMs: number; error?: string };
  migrations: { ok: boolean; pending: string[] };
}

/** The migrations this build ships (prisma/migrations), read once: they do not change while it runs. */
let shipped: string[] | undefined;
function shippedMigrations(dir = migrationsDir()): string[] {
  shipped ??= existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
        .map((d) => d.name)
        .sort()
    : [];
  return shipped;
}

/**
 * Whether this instance can serve: it is not shutting down, its database answers, and every
 * migration it ships is applied there (an instance of a newer version on an older schema would
 * fail its queries). Cheap enough for a probe every few seconds: two small queries.
 */
export async function checkReadiness(
  driver: Driver,
  expected: readonly string[] = shippedMigrations(),
): Promise<Readiness> {
  const started = performance.now();
  const kind = driver.kind;
  let database: Readiness["database"];
  let pending: string[] = [...expected];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${QUERY_TIMEOUT_MS} ms`)), QUERY_TIMEOUT_MS);
  });
  try {
    await Promise.race([rawQuery(driver, "SELECT 1"), timeout]);
    database = { ok: true, kind, latencyMs: Math.round(performance.now() - started) };
    pending = await Promise.race([pendingMigrations(driver, expected), timeout]);
  } catch (err) {
    database = { ok: false, kind, latencyMs: Math.round(performance.now() - started), error: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
  const migrations = { ok: database.ok && pending.length === 0, pending };
  const reason: NotReadyReason | undefined = isShuttingDown()
    ? "shutting_down"
    : !database.ok
      ? "database_unavailable"
      : !migrations.ok
        ? "migrations_pending"
        : undefined;
  return { ok: reason === undefined, ...(reason && { reason }), database, migrations };
}

async function pendingMigrations(driver: Driver, expected: readonly string[]): Promise<string[]> {
  // No table yet: nothing was ever applied.
  const [table] = await rawQuery<{ t: string | null }>(driver, `SELECT to_regclass('"_prisma_migrations"')::text AS t`);
  if (!table?.t) return [...expected];
  const rows = await rawQuery<{ migration_name: string }>(
    driver,
    `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
  );
  const applied = new Set(rows.map((r) => r.migration_name));
  return expected.filter((name) => !applied.has(name));
}
