// Ordering must not depend on the database's collation (issue 19, item 6). Ids begin with their
// creation time in base62 (0-9A-Za-z) and sort in creation order only bytewise.
//   1. A guard over the schema as migrated: every id column and every column holding an id is
//      COLLATE "C", so a new table that forgets it fails here (PGlite and PostgreSQL).
//   2. On PostgreSQL, a database whose default collation is ICU en-US (a managed service's usual
//      default), migrated from scratch: newest-first lists, cursor paging and id cutoffs hold. The
//      same database migrated without the collation migration is the control that shows it matters.
import { PrismaPg } from "@prisma/adapter-pg";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "./client";
import { openDriver, type Driver } from "./driver";
import { migrate, readMigrations } from "./migrate";
import { PrismaClient } from "./generated/client";
import { createThrowawayDatabase, postgresServerUrl, type ThrowawayDatabase } from "../test/postgres";
import { insertMessages } from "../messages/insert-messages";
import { listMessages } from "../messages/list-messages";
import { listAuditLog } from "../audit/list-audit-log";

/** Text columns that hold ids: named `id` or ending in `_id`, in every table of ours. */
const ID_COLUMNS_SQL = `
SELECT c.relname::text AS "table", a.attname::text AS "column", coalesce(co.collname::text, '') AS "collation"
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_collation co ON co.oid = a.attcollation
WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND a.attnum > 0 AND NOT a.attisdropped
  AND a.atttypid IN ('text'::regtype, 'varchar'::regtype)
  AND c.relname <> '_prisma_migrations'
  AND (a.attname = 'id' OR a.attname LIKE '%\\_id')
ORDER BY 1, 2`;

describe("id columns are bytewise", () => {
  it('every id column and every column holding an id is COLLATE "C"', async () => {
    const columns =
      await getDb().$queryRawUnsafe<{ table: string; column: string; collation: string }[]>(ID_COLUMNS_SQL);
    // The rule must see the tables it protects, or it guards nothing.
    expect(columns.map((c) => `${c.table}.${c.column}`)).toEqual(
      expect.arrayContaining(["messages.id", "messages.organization_id", "audit_log.id", "webhook_deliveries.id"]),
    );
    expect(columns.filter((c) => c.collation !== "C").map((c) => `${c.table}.${c.column} (${c.collation})`)).toEqual(
      [],
    );
  });
});

// Time prefixes (8 base62 characters) that sort differently bytewise and under ICU en-US, where
// case is only a tie-breaker ("a" < "Z" < "b"): bytewise, digits < upper case < lower case.
const TIMES = ["000000Zz", "000000a0", "000000aZ", "000000b0", "00000A00", "00000a00"];
const ids = (prefix: string) => TIMES.map((t, i) => `${prefix}_${t}${String(i).padStart(16, "x")}`);

const server = postgresServerUrl();

describe.runIf(server)("on a database whose default collation is ICU en-US", () => {
  const opened: { db: ThrowawayDatabase; driver: Driver; prisma: PrismaClient }[] = [];
  afterAll(async () => {
    for (const o of opened) {
      await o.prisma.$disconnect();
      await o.driver.close();
      await o.db.drop();
    }
  });

  async function database(options: { withoutCollationMigration?: boolean } = {}) {
    const db = await createThrowawayDatabase(server, { icuLocale: "en-US" });
    const driver = openDriver({ databaseUrl: db.url, dataDir: "unused", poolSize: 2 });
    // Without the collation migration, the partitioning one is left out too: its id ranges are
    // bytewise, which the collation migration is what makes true.
    const migrations = readMigrations().filter(
      (m) => !(options.withoutCollationMigration && (m.name.endsWith("_collate_c") || m.name.endsWith("_partitions"))),
    );
    await migrate(driver, migrations);
    if (driver.kind !== "postgres") throw new Error("expected PostgreSQL");
    const prisma = new PrismaClient({ adapter: new PrismaPg(driver.pool) });
    opened.push({ db, driver, prisma });
    const organizationId = "org_collation";
    await prisma.organization.create({ data: { id: organizationId, name: "Collation" } });
    await insertMessages(
      prisma,
      ids("msg").map((id) => ({
        id,
        organizationId,
        apiKeyId: null,
        batchId: null,
        otpId: null,
        environment: "test" as const,
        to: "+14155550123",
        from: "SG",
        body: id,
        segments: 1,
        encoding: "GSM-7",
      })),
      new Date(),
    );
    await prisma.auditLogEntry.createMany({
      data: ids("aud").map((id) => ({
        id,
        organizationId,
        actorType: "system",
        action: "apiKey.created",
        resourceType: "apiKey",
        resourceId: "key_x",
      })),
    });
    return { prisma, organizationId };
  }

  /** Every page of a list, one row at a time, following the cursors it hands out. */
  async function pageAll(next: (cursor?: string) => Promise<{ items: { id: string }[]; nextCursor: string | null }>) {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let i = 0; i < TIMES.length + 2; i++) {
      const page = await next(cursor);
      seen.push(...page.items.map((r) => r.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    return seen;
  }

  const newestFirst = (prefix: string) => [...ids(prefix)].reverse();

  async function observe(prisma: PrismaClient, organizationId: string) {
    const [linguistic] = await prisma.$queryRawUnsafe<{ lt: boolean }[]>(`SELECT 'ID0VbvZ' < 'ID0Vbva' AS lt`);
    const cutoff = `msg_${TIMES[3]}`;
    const [older] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM messages WHERE organization_id = $1 AND id < $2`,
      organizationId,
      cutoff,
    );
    return {
      defaultIsBytewise: linguistic!.lt,
      messages: await pageAll((cursor) => listMessages(prisma, organizationId, { limit: 1, cursor })),
      auditLog: await pageAll((cursor) =>
        listAuditLog(prisma, organizationId, { limit: 1, cursor }, { clientDetails: true }),
      ),
      // Retention deletes `id < smallestIdAt(cutoff)`: exactly the rows created before it.
      olderThanCutoff: Number(older!.n),
    };
  }

  it("lists newest first, pages every row exactly once and cuts off by id as bytewise", async () => {
    const { prisma, organizationId } = await database();
    expect(await observe(prisma, organizationId)).toEqual({
      defaultIsBytewise: false,
      messages: newestFirst("msg"),
      auditLog: newestFirst("aud"),
      olderThanCutoff: 3,
    });
  });

  it("control: without the collation migration the same database disagrees with creation order", async () => {
    const { prisma, organizationId } = await database({ withoutCollationMigration: true });
    const seen = await observe(prisma, organizationId);
    expect(seen.defaultIsBytewise).toBe(false);
    expect(seen.messages).not.toEqual(newestFirst("msg"));
    expect(seen.auditLog).not.toEqual(newestFirst("aud"));
  });
});
