import { createHash, randomUUID } from "node:crypto";
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import type pg from "pg";
import type { Driver } from "./driver";

/**
 * Applies prisma/migrations/*\/migration.sql in order, recording each in Prisma's own
 * `_prisma_migrations` table with Prisma's checksum (SHA-256 of the file), under Prisma's
 * advisory lock, so `prisma migrate status` agrees with what ran. Each migration runs in its own
 * transaction: a failing script leaves nothing half-applied.
 *
 * Except a migration in steps (its first line is `-- sg:steps`): it changes a table that may be
 * large and in use (prisma/migrations/20261130010000_partitions), so it cannot hold its locks for
 * the whole script. Each part after a `-- sg:step` line runs on its own, outside any transaction the
 * runner opens (a part of several statements is one implicit transaction; a part of one statement
 * may be a CREATE INDEX CONCURRENTLY), under a lock timeout: a part that cannot get its locks in
 * time gives way to the traffic and is tried again. Every part must be safe to run again (a crash
 * between two parts runs them all again); the migration is recorded once its last part has run.
 */

const PRISMA_ADVISORY_LOCK = 72707369;

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export function migrationsDir(): string {
  return path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");
}

export function readMigrations(dir = migrationsDir()): Migration[] {
  if (!existsSync(dir)) throw new Error(`Migrations folder not found: ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(path.join(dir, d.name, "migration.sql")))
    .map((d) => d.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

interface Runner {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<void>;
  transaction(
    fn: (tx: {
      exec(sql: string): Promise<void>;
      query(sql: string, params?: unknown[]): Promise<unknown>;
    }) => Promise<void>,
  ): Promise<void>;
  release(): Promise<void>;
}

function pgliteRunner(db: PGlite): Runner {
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await db.query<T>(sql, params)).rows,
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: async (fn) => {
      await db.transaction(async (tx: Transaction) => {
        await fn({
          exec: async (sql) => {
            await tx.exec(sql);
          },
          query: (sql, params) => tx.query(sql, params),
        });
      });
    },
    release: async () => {},
  };
}

async function postgresRunner(pool: pg.Pool): Promise<Runner> {
  const client = await pool.connect();
  return {
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction: async (fn) => {
      await client.query("BEGIN");
      try {
        await fn({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: (sql, params) => client.query(sql, params),
        });
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    },
    release: async () => client.release(),
  };
}

const STEPS_MARKER = /^-- sg:steps\s*$/m;
const STEP_SEPARATOR = /^-- sg:step\s*$/m;
/** A part of a migration in steps waits at most this long for a lock, then gives way and retries. */
const STEP_LOCK_TIMEOUT = "2s";
const STEP_ATTEMPTS = 30;

/** The parts of a migration in steps, or null for an ordinary one (one transaction). */
export function migrationSteps(sql: string): string[] | null {
  if (!STEPS_MARKER.test(sql.split("\n", 1)[0] ?? "")) return null;
  return sql
    .split(STEP_SEPARATOR)
    .slice(1)
    .map((part) => part.trim())
    .filter((part) => part.replace(/^--.*$/gm, "").trim() !== "");
}

function isLockTimeout(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === "55P03";
}

async function runSteps(runner: Runner, steps: string[]): Promise<void> {
  await runner.exec(`SET lock_timeout = '${STEP_LOCK_TIMEOUT}'`);
  try {
    for (const step of steps) {
      for (let attempt = 1; ; attempt++) {
        try {
          await runner.exec(step);
          break;
        } catch (err) {
          if (!isLockTimeout(err) || attempt >= STEP_ATTEMPTS) throw err;
          await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 100 * attempt)));
        }
      }
    }
  } finally {
    await runner.exec("RESET lock_timeout");
  }
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

export async function migrate(driver: Driver, migrations = readMigrations()): Promise<MigrateResult> {
  const runner = driver.kind === "pglite" ? pgliteRunner(driver.pglite) : await postgresRunner(driver.pool);
  try {
    await runner.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK})`);
    try {
      await runner.exec(CREATE_TABLE);
      const done = await runner.query<{ migration_name: string; checksum: string }>(
        `SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      );
      const doneByName = new Map(done.map((r) => [r.migration_name, r.checksum]));
      const applied: string[] = [];
      for (const m of migrations) {
        const previous = doneByName.get(m.name);
        if (previous !== undefined) {
          if (previous !== m.checksum) {
            console.warn(`[migrate] ${m.name} was edited after it was applied (checksum differs)`);
          }
          continue;
        }
        const steps = migrationSteps(m.sql);
        if (steps) await runSteps(runner, steps);
        await runner.transaction(async (tx) => {
          if (!steps) await tx.exec(m.sql);
          await tx.query(
            `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
             VALUES ($1, $2, $3, now(), now(), 1)`,
            [randomUUID(), m.checksum, m.name],
          );
        });
        applied.push(m.name);
      }
      return { applied, alreadyApplied: doneByName.size };
    } finally {
      await runner.query(`SELECT pg_advisory_unlock(${PRISMA_ADVISORY_LOCK})`);
    }
  } finally {
    await runner.release();
  }
}
