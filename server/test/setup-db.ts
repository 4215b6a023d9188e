import { afterAll, beforeAll, inject } from "vitest";
import { closeDb, ensureMigrated, installDriver } from "../db/client";
import { resetEnvForTests } from "../env";
import { installAllJobs } from "./job-registry";
import { openSnapshotInMemory } from "./pglite-snapshot";

// Runs in every *.int.test.ts file (vitest setupFiles). The client keeps its connection on
// globalThis; closing it after the file clears that holder, so the next file opens its own
// (on PGlite: a brand-new in-memory database) and no PGlite timer keeps the worker alive.
//
// On PGlite the file's database is loaded from the migrated snapshot pglite-template.ts made for
// this run, before the test file can open one; ensureMigrated() then finds nothing to apply.
// On PostgreSQL the file uses its worker's clone of the migrated database (postgres-template.ts):
// set before the test file reads the environment, and inherited by the processes it starts.
installAllJobs();
const pglite = openSnapshotInMemory();
if (pglite) {
  installDriver({ kind: "pglite", pglite, close: () => pglite.close() });
}
const workerDatabases = inject("postgresWorkerDatabases");
if (workerDatabases) {
  const poolId = Number(process.env.VITEST_POOL_ID);
  const url = workerDatabases[poolId - 1];
  if (!url) throw new Error(`no PostgreSQL database for vitest worker ${process.env.VITEST_POOL_ID}`);
  process.env.DATABASE_URL = url;
  resetEnvForTests();
}

beforeAll(async () => {
  await ensureMigrated();
});

afterAll(async () => {
  await closeDb();
});
