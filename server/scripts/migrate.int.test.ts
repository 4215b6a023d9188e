import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

// `npm run db:migrate` as a deployment runs it: a separate process that must apply the
// migrations and then exit on its own (an open PGlite would keep it alive forever).
describe("npm run db:migrate", () => {
  it("migrates the configured database and exits", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "sg-migrate-"));
    const run = () =>
      execFileSync(process.execPath, ["--import", "tsx", "server/scripts/migrate.ts"], {
        env: { ...process.env, DATA_DIR: dataDir },
        encoding: "utf8",
        timeout: 60_000,
      });
    try {
      const first = run();
      const second = run();
      if (process.env.DATABASE_URL) {
        // The worker's test database is a copy of one the suite's setup migrated.
        expect(first).toMatch(/PostgreSQL \(DATABASE_URL\): up to date/);
      } else {
        expect(first).toMatch(/applied \d+ migration\(s\):\n {2}\d{14}_init/);
        expect(second).toMatch(/up to date/);
      }
      expect(second).toMatch(/up to date \(\d+ migrations applied earlier\)/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
