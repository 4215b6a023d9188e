import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDb, ensureMigrated, installDriver } from "../db/client";

// Runs in every *.int.test.ts file (vitest setupFiles). The client keeps its connection on
// globalThis; closing it after the file clears that holder, so the next file opens its own
// (on PGlite: a brand-new in-memory database) and no PGlite timer keeps the worker alive.
//
// On PGlite the file's database is loaded from the migrated snapshot pglite-template.ts made for
// this run, before the test file can open one; ensureMigrated() then finds nothing to apply.
const template = inject("pgliteTemplate");
if (template) {
  const pglite = new PGlite({ dataDir: "memory://", loadDataDir: new Blob([readFileSync(template)]) });
  installDriver({ kind: "pglite", pglite, close: () => pglite.close() });
}

beforeAll(async () => {
  await ensureMigrated();
});

afterAll(async () => {
  await closeDb();
});
