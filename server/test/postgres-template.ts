import os from "node:os";
import type { TestProject } from "vitest/node";
import { openDriver } from "../db/driver";
import { migrate } from "../db/migrate";
import { databaseUrlFor, withAdminClient } from "./postgres";

// vitest globalSetup of the postgres project: migrates the run's database (TEST_DATABASE_URL, made
// by server/scripts/with-postgres.mjs) once, then clones it for every worker (CREATE DATABASE …
// TEMPLATE, a file copy). setup-db.ts points each test file at its worker's clone (VITEST_POOL_ID),
// so files running at the same time never share a database, and files of one worker run one after
// another on theirs, as every file used to on the one shared database.

declare module "vitest" {
  export interface ProvidedContext {
    /** Connection strings of the workers' databases; VITEST_POOL_ID n uses entry n - 1. */
    postgresWorkerDatabases: string[] | undefined;
  }
}

/** How many workers vitest starts for the project (its own resolveMaxWorkers, which it does not export). */
function workerCount(project: TestProject): number {
  const configured = project.config.maxWorkers || project.vitest.config.maxWorkers;
  if (configured) return configured;
  const cores = os.availableParallelism();
  return project.vitest.config.watch ? Math.max(Math.floor(cores / 2), 1) : Math.max(cores - 1, 1);
}

const admin = (serverUrl: string, sql: string) => withAdminClient(serverUrl, (c) => c.query(sql));

export default async function setup(project: TestProject) {
  const templateUrl = process.env.TEST_DATABASE_URL;
  if (!templateUrl) return;
  const template = decodeURIComponent(new URL(templateUrl).pathname.slice(1));

  const driver = openDriver({ databaseUrl: templateUrl, dataDir: "memory://", poolSize: 1 });
  try {
    await migrate(driver);
  } finally {
    // No connection may stay open on a database that is being copied.
    await driver.close();
  }

  // The copies are made from the maintenance database, never from the template itself.
  const serverUrl = databaseUrlFor(templateUrl, "postgres");
  // One set per project ("postgres", "postgres-alone"): each project's globalSetup makes its own.
  const prefix = `${template}_${project.name.replace(/[^a-z0-9]/gi, "_")}`;
  const names = Array.from({ length: workerCount(project) }, (_, i) => `${prefix}_w${i + 1}`);
  const created: string[] = [];
  const dropAll = async () => {
    for (const name of created) await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  };
  try {
    for (const name of names) {
      // Names come from the run's own database name (sg_test_<hex>), never from input. One left by
      // an interrupted run on a fixed TEST_DATABASE_URL (no with-postgres.mjs) is ours to replace.
      created.push(name);
      await admin(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    }
  } catch (err) {
    await dropAll();
    throw err;
  }
  project.provide(
    "postgresWorkerDatabases",
    names.map((name) => databaseUrlFor(templateUrl, name)),
  );
  return dropAll;
}
