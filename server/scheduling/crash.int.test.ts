// kill -9 in the middle of the due-scan (contract §11): after a restart every due message is
// QUEUED exactly once, with one message.queued event; none is lost, none queued twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { getEnv } from "../env";
import { runThenKill } from "../test/crash";
import { recountMessageStats } from "../analytics/recount";
import { dispatchDueMessages } from "./dispatch-due";

const pglite = !getEnv().DATABASE_URL;
const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), "sg-sched-crash-")) : undefined;

afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("kill -9 mid-dispatch", () => {
  it("loses nothing and queues nothing twice", async () => {
    const died = await runThenKill<{ organizationId: string; scheduled: number; firstBatch: number }>(
      "dispatch-then-die.ts",
      ["3000", "100"],
      { dataDir },
    );
    expect(died).toMatchObject({ scheduled: 3000, firstBatch: 100 });
    const mine = { organizationId: died.organizationId };
    // Whatever the dead process committed is QUEUED; the batch it was inside of left no trace.
    const before = await getDb().message.count({ where: { ...mine, status: "QUEUED" } });
    expect(before).toBeGreaterThanOrEqual(100);
    expect(before % 100).toBe(0);

    const after = await dispatchDueMessages({ organizationId: died.organizationId, budgetMs: 60_000 });
    expect(after.queued).toBe(3000 - before);
    expect(await getDb().message.count({ where: { ...mine, status: "SCHEDULED" } })).toBe(0);
    expect(await getDb().message.count({ where: { ...mine, status: "QUEUED" } })).toBe(3000);
    const events = await getDb().outboxEvent.groupBy({
      by: ["type"],
      where: { ...mine, type: { in: ["message.scheduled", "message.queued"] } },
      _count: true,
    });
    expect(Object.fromEntries(events.map((e) => [e.type, e._count]))).toEqual({
      "message.scheduled": 3000,
      "message.queued": 3000,
    });
    // One queued event per message: no message was moved twice.
    const distinct = await getDb().$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(DISTINCT payload->>'messageId') AS n FROM outbox_events
       WHERE organization_id = $1 AND type = 'message.queued'`,
      died.organizationId,
    );
    expect(Number(distinct[0]!.n)).toBe(3000);
    expect(await recountMessageStats(null, died.organizationId)).toEqual([]);
  }, 120_000);
});
