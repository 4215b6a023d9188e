import { afterAll, beforeAll } from "vitest";
import { closeDb, ensureMigrated } from "../db/client";

// Runs in every *.int.test.ts file (vitest setupFiles). The client keeps its connection on
// globalThis; closing it after the file clears that holder, so the next file opens its own
// (on PGlite: a brand-new in-memory database) and no PGlite timer keeps the worker alive.
beforeAll(async () => {
  await ensureMigrated();
});

afterAll(async () => {
  await closeDb();
});
