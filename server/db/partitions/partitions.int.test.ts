import { describe, expect, it } from "vitest";
import { withEmptyDatabase } from "@/server/test/empty-database";
import { openSnapshotInMemory } from "@/server/test/pglite-snapshot";
import { newIdAt } from "@/server/ids";
import { RETENTION_POLICY, noPause } from "@/server/test/retention-fixtures";
import { runRetention } from "@/server/retention/run-retention";
import { rawQuery, type Driver } from "../driver";
import { migrate, readMigrations } from "../migrate";
import { dropExpiredPartitions, ensurePartitions, listPartitions, partitionHistory } from "./partitions";

// Partitions are global: each test has a database of its own (on PostgreSQL the test database is
// shared by every file, and dropping a partition there would take other files' rows).

const DAY = 86_400_000;

/** A migrated database of the test's own: on PGlite a copy of the run's migrated snapshot. */
async function withMigratedDatabase(fn: (driver: Driver) => Promise<void>): Promise<void> {
  const pglite = openSnapshotInMemory();
  if (!pglite) {
    await withEmptyDatabase(async (driver) => {
      await migrate(driver);
      await fn(driver);
    });
    return;
  }
  const driver: Driver = { kind: "pglite", pglite, close: () => pglite.close() };
  try {
    await migrate(driver);
    await fn(driver);
  } finally {
    await driver.close();
  }
}
const PARTITIONS = "20261130010000_partitions";

async function seedOrganization(driver: Driver): Promise<string> {
  const id = newIdAt("org", new Date());
  await rawQuery(driver, `INSERT INTO organizations (id, name, updated_at) VALUES ($1, 'Org', now())`, [id]);
  return id;
}

async function insertMessage(driver: Driver, organizationId: string, at: Date, status = "DELIVERED") {
  const id = newIdAt("msg", at);
  await rawQuery(
    driver,
    `INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding, status,
                           created_at, updated_at)
     VALUES ($1, $2, 'test', '+14155550123', 'SG', 'hi', 1, 'GSM-7', $3::"MessageStatus", $4, $4)`,
    [id, organizationId, status, at.toISOString()],
  );
  return id;
}

const count = async (driver: Driver, sql: string, params: unknown[] = []) =>
  Number((await rawQuery<{ n: number }>(driver, `SELECT count(*)::int AS n FROM (${sql}) q`, params))[0]?.n);

/** The first instant of the UTC month `months` after the one holding `at`. */
const monthStart = (at: Date, months: number) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));

// Each test opens a database of its own (the conversion test migrates one from empty).
describe("partitions", { timeout: 120_000 }, () => {
  it("the migration partitions the tables by id, keyed (organization_id, id), with partitions ahead", async () => {
    await withMigratedDatabase(async (driver) => {
      const kinds = await rawQuery<{ relname: string; relkind: string; key: string }>(
        driver,
        `SELECT c.relname, c.relkind::text AS relkind, pg_get_constraintdef(k.oid) AS key
         FROM pg_class c JOIN pg_constraint k ON k.conrelid = c.oid AND k.contype = 'p'
         WHERE c.relname IN ('messages', 'outbox_events', 'otp_codes', 'audit_log') ORDER BY 1`,
      );
      expect(kinds).toEqual(
        ["audit_log", "messages", "otp_codes", "outbox_events"].map((relname) => ({
          relname,
          relkind: "p",
          key: "PRIMARY KEY (organization_id, id)",
        })),
      );
      const partitions = await listPartitions(driver);
      const now = Date.now();
      for (const table of ["messages", "otp_codes", "audit_log"]) {
        const ends = partitions.filter((p) => p.table === table).map((p) => p.end.getTime());
        expect(Math.max(...ends)).toBeGreaterThan(now + 85 * DAY);
      }
      const eventEnds = partitions.filter((p) => p.table === "outbox_events").map((p) => p.end.getTime());
      expect(Math.max(...eventEnds)).toBeGreaterThan(now + 13 * DAY);
      // The indexes the key replaces are gone.
      const indexes = (await rawQuery<{ n: string }>(driver, `SELECT indexname AS n FROM pg_indexes`)).map((r) => r.n);
      expect(indexes).not.toContain("messages_batch_id_idx");
      expect(indexes).not.toContain("messages_organization_id_id_idx");
      expect(indexes).not.toContain("outbox_events_organization_id_id_idx");
    });
  });

  it("drops a partition whose whole period is past retention, keeping the younger ones and deferring one with a queued message", async () => {
    await withMigratedDatabase(async (driver) => {
      const org = await seedOrganization(driver);
      const now = new Date();
      const inNextMonth = new Date(monthStart(now, 2).getTime() + 3 * DAY);
      const inThirdMonth = new Date(monthStart(now, 3).getTime() + 3 * DAY);
      const doomed = [await insertMessage(driver, org, inNextMonth), await insertMessage(driver, org, inNextMonth)];
      const kept = await insertMessage(driver, org, inThirdMonth);
      const partitionOf = async (id: string) =>
        (
          await rawQuery<{ t: string }>(driver, `SELECT tableoid::regclass::text AS t FROM messages WHERE id = $1`, [
            id,
          ])
        )[0]?.t;
      const doomedPartition = await partitionOf(doomed[0]!);
      expect(doomedPartition).toMatch(/^messages_p\d{8}$/);

      // The cutoff is the start of the third month: the month holding `doomed` is wholly before it.
      const report = await dropExpiredPartitions(driver, { messages: monthStart(now, 3) });
      expect(report.dropped.map((d) => d.name)).toContain(doomedPartition);
      expect(report.dropped.find((d) => d.name === doomedPartition)?.rows).toBe(2);
      expect(await count(driver, `SELECT 1 FROM messages WHERE id = ANY($1)`, [doomed])).toBe(0);
      expect(await count(driver, `SELECT 1 FROM messages WHERE id = $1`, [kept])).toBe(1);
      expect(await count(driver, `SELECT 1 FROM pg_class WHERE relname = $1`, [doomedPartition])).toBe(0);

      // A message still to be sent keeps its partition: the drop waits, and says so.
      const queued = await insertMessage(driver, org, inThirdMonth, "QUEUED");
      const held = await partitionOf(queued);
      const later = await dropExpiredPartitions(driver, { messages: monthStart(now, 4) });
      expect(later.deferred).toEqual([held]);
      expect(await count(driver, `SELECT 1 FROM messages WHERE id = $1`, [queued])).toBe(1);

      // New periods get partitions as time goes on.
      expect(await ensurePartitions(driver, new Date(now.getTime() + 200 * DAY))).toBeGreaterThan(0);
      const id = await insertMessage(driver, org, new Date(now.getTime() + 250 * DAY));
      expect(await count(driver, `SELECT 1 FROM messages WHERE id = $1`, [id])).toBe(1);
    });
  });

  it("retention drops expired partitions of every partitioned table, and the legacy one once all of it is past", async () => {
    await withMigratedDatabase(async (driver) => {
      const org = await seedOrganization(driver);
      const now = new Date();
      const old = await insertMessage(driver, org, new Date(now.getTime() - 5 * DAY));
      const recent = await insertMessage(driver, org, new Date(monthStart(now, 2).getTime() + DAY));
      // A year and a half on: every partition holding these rows is past 400 days but the newest.
      const later = new Date(monthStart(now, 2).getTime() + (RETENTION_POLICY.messageDays - 10) * DAY);
      const report = await runRetention(driver, RETENTION_POLICY, later, { ...noPause });
      expect(report.partitions.dropped.map((d) => d.name)).toContain("messages_legacy");
      expect(report.partitions.dropped.map((d) => d.name)).toContain("outbox_events_legacy");
      expect(await count(driver, `SELECT 1 FROM messages WHERE id = $1`, [old])).toBe(0);
      expect(await count(driver, `SELECT 1 FROM messages WHERE id = $1`, [recent])).toBe(1);
      const [legacy] = await rawQuery<{ until: Date | null }>(
        driver,
        `SELECT legacy_until AS until FROM partitioned_tables WHERE table_name = 'messages'`,
      );
      expect(legacy?.until).toBeNull();
      expect(report.finished).toBe(true);
    });
  });

  it("request logs: a day a partition, and retention drops a day once it is past REQUEST_LOG_RETENTION_DAYS", async () => {
    await withMigratedDatabase(async (driver) => {
      const org = await seedOrganization(driver);
      const now = new Date();
      const logAt = async (at: Date) => {
        const id = newIdAt("req", at);
        await rawQuery(
          driver,
          `INSERT INTO request_logs (organization_id, id, method, path, route, status, duration_ms, created_at)
           VALUES ($1, $2, 'GET', '/api/v1/sms', '/sms', 200, 3, $3)`,
          [org, id, at.toISOString()],
        );
        return id;
      };
      const where = async (id: string) =>
        (
          await rawQuery<{ t: string }>(
            driver,
            `SELECT tableoid::regclass::text AS t FROM request_logs WHERE id = $1`,
            [id],
          )
        )[0]?.t;
      const early = await logAt(new Date(now.getTime() + 5 * DAY));
      const late = await logAt(new Date(now.getTime() + 9 * DAY));
      const earlyPartition = await where(early);
      expect(earlyPartition).toMatch(/^request_logs_p\d{8}$/);
      expect(await where(late)).not.toBe(earlyPartition);

      // Seven days past the first one's retention: its day goes whole, the later day stays.
      const later = new Date(now.getTime() + (5 + RETENTION_POLICY.requestLogDays + 2) * DAY);
      const report = await runRetention(driver, RETENTION_POLICY, later, { ...noPause });
      const dropped = report.partitions.dropped.filter((d) => d.table === "request_logs").map((d) => d.name);
      expect(dropped).toContain(earlyPartition);
      expect(await count(driver, `SELECT 1 FROM request_logs WHERE id = $1`, [early])).toBe(0);
      expect(await count(driver, `SELECT 1 FROM request_logs WHERE id = $1`, [late])).toBe(1);
    });
  });

  it("benches seeding history get partitions for its months in place of an empty legacy partition", async () => {
    await withMigratedDatabase(async (driver) => {
      const org = await seedOrganization(driver);
      const now = new Date();
      await partitionHistory(driver, new Date(now.getTime() - 90 * DAY), now);
      const old = await insertMessage(driver, org, new Date(now.getTime() - 80 * DAY));
      const [where] = await rawQuery<{ t: string }>(
        driver,
        `SELECT tableoid::regclass::text AS t FROM messages WHERE id = $1`,
        [old],
      );
      expect(where?.t).toMatch(/^messages_p\d{8}$/);
      expect((await listPartitions(driver)).filter((p) => p.legacy).map((p) => p.table)).not.toContain("messages");
    });
  });

  it("converts a table that holds rows while sends go on: every row is kept, in its partition", async () => {
    await withEmptyDatabase(async (driver) => {
      const all = readMigrations();
      const at = all.findIndex((m) => m.name === PARTITIONS);
      await migrate(driver, all.slice(0, at));
      const org = await seedOrganization(driver);
      await rawQuery(
        driver,
        `INSERT INTO messages (id, organization_id, environment, to_number, from_sender, body, segments, encoding,
                               status, created_at, updated_at)
         SELECT 'msg_' || lpad(to_hex(g), 8, '0') || md5(g::text), $1, 'test', '+14155550123', 'SG', 'hi', 1, 'GSM-7',
                'DELIVERED', now(), now()
         FROM generate_series(1, 2000) g`,
        [org],
      );
      let sending = true;
      const sent: string[] = [];
      const sends = (async () => {
        while (sending) {
          sent.push(await insertMessage(driver, org, new Date()));
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      try {
        await migrate(driver, all.slice(0, at + 1));
      } finally {
        sending = false;
        await sends;
      }
      expect(await count(driver, `SELECT 1 FROM messages WHERE organization_id = $1`, [org])).toBe(2000 + sent.length);
      expect(await count(driver, `SELECT 1 FROM messages_legacy`)).toBe(2000 + sent.length);
      const [kind] = await rawQuery<{ k: string }>(
        driver,
        `SELECT relkind::text AS k FROM pg_class WHERE relname = 'messages'`,
      );
      expect(kind?.k).toBe("p");
      // The rest of the migrations apply on top.
      await migrate(driver);
    });
  });
});
