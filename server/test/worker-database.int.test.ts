import { describe, expect, it } from "vitest";
import { runSql } from "../db/sql";

// Two vitest workers run database files at the same time (vitest.config.ts). On PostgreSQL they
// must not share a database: each worker has its own copy of the run's migrated database
// (postgres-template.ts), which setup-db.ts points the file at. PGlite files have their own
// in-memory database anyway.
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");

describe.runIf(onPostgres)("a test file's PostgreSQL database", () => {
  it("is its worker's own copy of the run's database, not the run's database itself", async () => {
    const [row] = await runSql<{ name: string }>(null, "SELECT current_database() AS name", []);
    const run = decodeURIComponent(new URL(process.env.TEST_DATABASE_URL ?? "").pathname.slice(1));
    expect(row?.name).not.toBe(run);
    expect(row?.name).toMatch(new RegExp(`^${run}_postgres(_alone)?_w${process.env.VITEST_POOL_ID}$`));
  });
});
