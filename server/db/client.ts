import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { getEnv } from "../env";
import { openDriver, type Driver } from "./driver";
import { migrate, type MigrateResult } from "./migrate";
import { PrismaClient, Prisma } from "./generated/client";

export { Prisma };
export type Db = PrismaClient;
/** A client or an open transaction: domain functions accept either, so callers can compose them. */
export type DbOrTx = PrismaClient | Prisma.TransactionClient;

interface DbState {
  driver: Driver;
  prisma: PrismaClient;
  migrated?: Promise<MigrateResult>;
}

// One per process. Kept on globalThis so Next's dev hot reload does not open a second PGlite on
// the same directory (which would silently split the data, see STACK.md).
const holder = globalThis as typeof globalThis & { __signalgateDb?: DbState; __signalgateNextDriver?: Driver };

function createState(): DbState {
  const env = getEnv();
  const installed = holder.__signalgateNextDriver;
  holder.__signalgateNextDriver = undefined;
  const driver = installed ?? openDriver({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const adapter = driver.kind === "pglite" ? new PrismaPGlite(driver.pglite) : new PrismaPg(driver.pool);
  const prisma = new PrismaClient({ adapter, log: env.LOG_LEVEL === "debug" ? ["query", "warn", "error"] : ["error"] });
  return { driver, prisma };
}

function state(): DbState {
  holder.__signalgateDb ??= createState();
  return holder.__signalgateDb;
}

/** The process's Prisma client, created on first use so `next build` never opens a database. */
export function getDb(): PrismaClient {
  return state().prisma;
}

export function getDriver(): Driver {
  return state().driver;
}

/**
 * Tests: the connection to use when the database is first opened, instead of opening one from the
 * environment (server/test/setup-db.ts hands in a PGlite loaded from an already migrated snapshot,
 * instead of migrating every file). Nothing is read from the environment until then, so a test file
 * may still set its variables first. closeDb() closes it if it was never used.
 */
export function installDriver(driver: Driver): void {
  if (holder.__signalgateDb || holder.__signalgateNextDriver)
    throw new Error("installDriver: a database is already open");
  holder.__signalgateNextDriver = driver;
}

/** Apply pending migrations once per process (idempotent, under Prisma's advisory lock). */
export function ensureMigrated(): Promise<MigrateResult> {
  const s = state();
  s.migrated ??= migrate(s.driver).catch((err: unknown) => {
    s.migrated = undefined;
    throw err;
  });
  return s.migrated;
}

/** Close the connection (PGlite must be closed, or the process never exits). */
export async function closeDb(): Promise<void> {
  const unused = holder.__signalgateNextDriver;
  holder.__signalgateNextDriver = undefined;
  await unused?.close();
  const s = holder.__signalgateDb;
  if (!s) return;
  holder.__signalgateDb = undefined;
  await s.prisma.$disconnect();
  await s.driver.close();
}
