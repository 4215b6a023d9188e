import { existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";

// The migrated PGlite snapshot pglite-template.ts saved for this run (pglite project only).

function snapshot(): Blob | undefined {
  const file = inject("pgliteTemplate");
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/** A fresh in-memory PGlite loaded from the snapshot, or undefined where there is none (PostgreSQL). */
export function openSnapshotInMemory(): PGlite | undefined {
  const loadDataDir = snapshot();
  return loadDataDir ? new PGlite({ dataDir: "memory://", loadDataDir }) : undefined;
}

/**
 * Writes the snapshot into a DATA_DIR that has no database yet (the layout openPglite uses), so the
 * first process to open it finds it migrated instead of applying every migration on disk.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const dir = path.resolve(dataDir, "pglite");
  if (existsSync(path.join(dir, "PG_VERSION"))) return;
  const loadDataDir = snapshot();
  if (!loadDataDir) return;
  mkdirSync(dir, { recursive: true });
  const pglite = new PGlite({ dataDir: dir, loadDataDir });
  await pglite.waitReady;
  await pglite.close();
}
