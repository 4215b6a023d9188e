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
const holder = globalThis as typeof globalThis & { __signalgateDb?: DbState };

function createState(): DbState {
  const env = getEnv();
  return stateFor(openDriver({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR }));
}

function stateFor(driver: Driver): DbState {
  const env = getEnv();
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
 * Tests: make `driver` the process's connection before anything opens one (server/test/setup-db.ts
 * hands in a PGlite loaded from an already migrated snapshot, instead of migrating every file).
 */
export function installDriver(driver: Driver): void {
  if (holder.__signalgateDb) throw new Error("installDriver: the database is already open");
  holder.__signalgateDb = stateFor(driver);
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
  const s = holder.__signalgateDb;
  if (!s) return;
  holder.__signalgateDb = undefined;
  await s.prisma.$disconnect();
  await s.driver.close();
}
