import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";
import { migrate } from "../db/migrate";

// vitest globalSetup of the pglite project: migrates one in-memory PGlite and saves its data
// directory as a tarball, once per run. setup-db.ts opens every test file's database from it
// instead of applying the 46+ migrations again in each file (seconds per file on a busy machine).
// Each file still gets its own fresh database, and ensureMigrated() still runs on it (a no-op on
// an up-to-date snapshot).

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string | undefined;
  }
}

export default async function setup(project: TestProject) {
  const pglite = new PGlite("memory://");
  try {
    await migrate({ kind: "pglite", pglite, close: () => pglite.close() });
    const dump = await pglite.dumpDataDir("none");
    const dir = mkdtempSync(path.join(os.tmpdir(), "sg-pglite-template-"));
    const file = path.join(dir, "template.tar");
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    project.provide("pgliteTemplate", file);
    return () => rmSync(dir, { recursive: true, force: true });
  } finally {
    await pglite.close();
  }
}
