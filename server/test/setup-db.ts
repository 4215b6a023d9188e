import { afterAll, beforeAll } from "vitest";
import { closeDb, ensureMigrated, installDriver } from "../db/client";
import { installAllJobs } from "./job-registry";
import { openSnapshotInMemory } from "./pglite-snapshot";

// Runs in every *.int.test.ts file (vitest setupFiles). The client keeps its connection on
// globalThis; closing it after the file clears that holder, so the next file opens its own
// (on PGlite: a brand-new in-memory database) and no PGlite timer keeps the worker alive.
//
// On PGlite the file's database is loaded from the migrated snapshot pglite-template.ts made for
// this run, before the test file can open one; ensureMigrated() then finds nothing to apply.
installAllJobs();
const pglite = openSnapshotInMemory();
if (pglite) {
  installDriver({ kind: "pglite", pglite, close: () => pglite.close() });
}

beforeAll(async () => {
  await ensureMigrated();
});

afterAll(async () => {
  await closeDb();
});
