import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { withEmptyDatabase } from "@/server/test/empty-database";
import { newId } from "@/server/ids";
import { getDb, getDriver } from "./client";
import { rawQuery, type Driver } from "./driver";
import { migrate, migrationsDir, readMigrations, type Migration } from "./migrate";

// Runs on in-memory PGlite and on real PostgreSQL (see vitest.config.ts). On PostgreSQL the test
// database is shared with other files, so everything created here has a unique name and is
// removed again, and tests that need an empty database make their own.

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** Expected migrations, read independently of the runner's own readMigrations(). */
function migrationFiles(): { name: string; checksum: string }[] {
  const dir = path.join(process.cwd(), "prisma", "migrations");
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()
    .map((name) => ({ name, checksum: sha256(readFileSync(path.join(dir, name, "migration.sql"), "utf8")) }));
}

function customMigration(name: string, sql: string): Migration {
  return { name, sql, checksum: sha256(sql) };
}

const unique = () => randomBytes(5).toString("hex");

interface Recorded {
  migration_name: string;
  checksum: string;
  finished: boolean;
  rolled_back: boolean;
  applied_steps_count: number;
}

function recorded(driver: Driver): Promise<Recorded[]> {
  return rawQuery<Recorded & Record<string, unknown>>(
    driver,
    `SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back,
            applied_steps_count
       FROM "_prisma_migrations" ORDER BY migration_name`,
  );
}

async function tableExists(driver: Driver, table: string): Promise<boolean> {
  const rows = await rawQuery<{ t: string | null }>(driver, `SELECT to_regclass($1)::text AS t`, [`public.${table}`]);
  return rows[0]?.t != null;
}

describe("migrate", () => {
  const files = migrationFiles();

  it("runs on the database kind of its test project", () => {
    // vitest.config.ts sets DATABASE_URL only for the postgres project.
    expect(getDriver().kind).toBe(process.env.DATABASE_URL ? "postgres" : "pglite");
  });

  it("finds the migrations in prisma/migrations", () => {
    expect(files.length).toBeGreaterThan(0);
    expect(migrationsDir()).toBe(path.join(process.cwd(), "prisma", "migrations"));
    expect(readMigrations().map((m) => ({ name: m.name, checksum: m.checksum }))).toEqual(files);
  });

  it("applies every migration to an empty database and records Prisma's checksum of each file", async () => {
    await withEmptyDatabase(async (driver) => {
      const result = await migrate(driver);
      expect(result).toEqual({ applied: files.map((f) => f.name), alreadyApplied: 0 });
      expect(await recorded(driver)).toEqual(
        files.map((f) => ({
          migration_name: f.name,
          checksum: f.checksum,
          finished: true,
          rolled_back: false,
          applied_steps_count: 1,
        })),
      );
      expect(await tableExists(driver, "organizations")).toBe(true);
    });
  });

  it("recorded every migration exactly once in the test database", async () => {
    const rows = await recorded(getDriver());
    for (const file of files) {
      const matching = rows.filter((r) => r.migration_name === file.name);
      expect(matching).toHaveLength(1);
      expect(matching[0]).toMatchObject({ checksum: file.checksum, finished: true, rolled_back: false });
    }
  });

  it("applies nothing when run again", async () => {
    const before = await recorded(getDriver());
    const result = await migrate(getDriver());
    expect(result.applied).toEqual([]);
    expect(result.alreadyApplied).toBeGreaterThanOrEqual(files.length);
    const after = await recorded(getDriver());
    for (const file of files) {
      expect(after.filter((r) => r.migration_name === file.name)).toEqual(
        before.filter((r) => r.migration_name === file.name),
      );
    }
  });

  it("rolls a failing migration back completely, records nothing and releases the lock", async () => {
    const driver = getDriver();
    const table = `sg_broken_${unique()}`;
    const broken = customMigration(
      `99990101000000_broken_${table}`,
      `CREATE TABLE "${table}" (id INTEGER PRIMARY KEY);\nINSERT INTO "${table}" VALUES (1);\nSELECT 1 / 0;`,
    );
    await expect(migrate(driver, [...readMigrations(), broken])).rejects.toThrow(/division by zero/);

    expect(await tableExists(driver, table)).toBe(false);
    expect((await recorded(driver)).map((r) => r.migration_name)).not.toContain(broken.name);
    // A lock left held would make this wait forever on PostgreSQL (another pooled connection).
    await expect(migrate(driver)).resolves.toMatchObject({ applied: [] });
  });

  it("keeps migrations that finished before a failing one and resumes once it is fixed", async () => {
    await withEmptyDatabase(async (driver) => {
      const good = customMigration("20000101000000_good", `CREATE TABLE "good" (id INTEGER PRIMARY KEY);`);
      const broken = customMigration("20000102000000_next", `CREATE TABLE "next" (id INTEGER); SELECT 1 / 0;`);
      await expect(migrate(driver, [good, broken])).rejects.toThrow();
      expect(await tableExists(driver, "good")).toBe(true);
      expect(await tableExists(driver, "next")).toBe(false);
      expect((await recorded(driver)).map((r) => r.migration_name)).toEqual([good.name]);

      const fixed = customMigration(broken.name, `CREATE TABLE "next" (id INTEGER);`);
      expect(await migrate(driver, [good, fixed])).toEqual({ applied: [fixed.name], alreadyApplied: 1 });
      expect(await tableExists(driver, "next")).toBe(true);
      expect((await recorded(driver)).map((r) => r.checksum)).toEqual([good.checksum, fixed.checksum]);
    });
  });
});

describe("Prisma client on the migrated database", () => {
  it("creates, reads, updates and deletes an organization", async () => {
    const db = getDb();
    const id = newId("org");
    const created = await db.organization.create({ data: { id, name: `Migration test ${id}` } });
    expect(created).toMatchObject({ id, name: `Migration test ${id}`, defaultSender: null });
    expect(created.createdAt).toBeInstanceOf(Date);

    await db.organization.update({ where: { id }, data: { defaultSender: "SignalGate" } });
    expect(await db.organization.findUnique({ where: { id } })).toMatchObject({ defaultSender: "SignalGate" });

    await db.organization.delete({ where: { id } });
    expect(await db.organization.findUnique({ where: { id } })).toBeNull();
  });

  it("rolls back an interactive transaction that throws", async () => {
    const db = getDb();
    const id = newId("org");
    await expect(
      db.$transaction(async (tx) => {
        await tx.organization.create({ data: { id, name: "Rolled back" } });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.organization.findUnique({ where: { id } })).toBeNull();
  });
});
