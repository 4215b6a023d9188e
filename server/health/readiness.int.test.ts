// Readiness (GET /api/health) on real databases: ready only when the database answers, every
// migration this build ships is applied there, and the process is not shutting down.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getDriver } from "../db/client";
import { openDriver } from "../db/driver";
import { migrate } from "../db/migrate";
import { withEmptyDatabase } from "../test/empty-database";
import * as health from "@/app/api/health/route";
import * as live from "@/app/api/health/live/route";
import { checkReadiness } from "./readiness";

/** The shipped migrations, read independently of the module under test. */
const shipped = readdirSync(path.join(process.cwd(), "prisma", "migrations"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

afterEach(() => {
  globalThis.__signalgateShuttingDown = undefined;
});

describe("readiness", () => {
  it("is ready on the migrated test database, and /api/health answers 200", async () => {
    expect(shipped.length).toBeGreaterThan(0);
    const r = await checkReadiness(getDriver());
    expect(r).toMatchObject({ ok: true, database: { ok: true }, migrations: { ok: true, pending: [] } });
    expect(r.reason).toBeUndefined();

    const res = await health.GET(new Request("http://localhost/api/health"));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", migrations: { ok: true, pending: [] } });
  });

  it("is not ready while migrations are missing, then ready once they are applied", async () => {
    await withEmptyDatabase(async (driver) => {
      const before = await checkReadiness(driver, shipped);
      expect(before).toMatchObject({
        ok: false,
        reason: "migrations_pending",
        database: { ok: true },
        migrations: { ok: false, pending: shipped },
      });
      await migrate(driver);
      expect(await checkReadiness(driver, shipped)).toMatchObject({ ok: true, migrations: { pending: [] } });
      // A build that ships one more migration than the database has is not ready on it.
      const newer = [...shipped, "29991231000000_from_a_newer_build"];
      expect(await checkReadiness(driver, newer)).toMatchObject({
        ok: false,
        reason: "migrations_pending",
        migrations: { pending: ["29991231000000_from_a_newer_build"] },
      });
    });
  });

  it("is not ready when the database does not answer, and says why", async () => {
    // Port 1 on loopback: nothing listens, the connection is refused.
    const down = openDriver({ databaseUrl: "postgresql://sg:sg@127.0.0.1:1/none", dataDir: "memory://", poolSize: 1 });
    try {
      const r = await checkReadiness(down, shipped);
      expect(r).toMatchObject({ ok: false, reason: "database_unavailable", database: { ok: false, kind: "postgres" } });
      expect(r.database.error).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await down.close();
    }
  });

  it("answers 503 shutting_down from the moment shutdown begins, while liveness stays 200", async () => {
    globalThis.__signalgateShuttingDown = true;
    const res = await health.GET(new Request("http://localhost/api/health"));
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: "degraded", reason: "shutting_down", database: { ok: true } });
    const alive = live.GET(new Request("http://localhost/api/health/live"));
    expect(alive.status).toBe(200);
    expect(await alive.json()).toEqual({ status: "ok" });
  });
});
