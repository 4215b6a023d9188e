// kill -9 between accept and hand-off: after a restart every accepted message is handed to the
// carrier exactly once (contract: none stays QUEUED, none is sent twice).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { getEnv } from "../../env";
import { runThenKill } from "../../test/crash";
import { handOffQueued } from "./hand-off";
import { deliverSandboxReceipts } from "./sandbox-receipts";

const pglite = !getEnv().DATABASE_URL;
const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), "sg-crash-")) : undefined;

afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The fixture accepts (and maybe claims) 25 messages, reports, and is killed. */
function acceptThenDie(stage: "accepted" | "claimed") {
  return runThenKill<{ organizationId: string; accepted: number; claimed: number }>(
    "accept-then-die.ts",
    [stage, "25"],
    { dataDir },
  );
}

async function eventCounts(organizationId: string) {
  const rows = await getDb().outboxEvent.groupBy({ by: ["type"], where: { organizationId }, _count: true });
  return Object.fromEntries(rows.map((r) => [r.type, r._count]));
}

describe.sequential("kill -9 between accept and hand-off", () => {
  it("messages accepted but never claimed are sent once after the restart", async () => {
    const died = await acceptThenDie("accepted");
    expect(died.accepted).toBe(25);
    // (On the shared PostgreSQL another test file's worker may already be handing them over: count all.)
    expect(await getDb().message.count({ where: { organizationId: died.organizationId } })).toBe(25);
    while ((await handOffQueued({ organizationId: died.organizationId })) > 0);
    await deliverSandboxReceipts(new Date(), 0, 1000, died.organizationId);
    expect(await getDb().message.count({ where: { organizationId: died.organizationId, status: "DELIVERED" } })).toBe(
      25,
    );
    expect(await eventCounts(died.organizationId)).toEqual({
      "message.queued": 25,
      "message.sent": 25,
      "message.delivered": 25,
    });
  });

  it("messages claimed by the dead process wait for its lease, then are sent exactly once", async () => {
    const died = await acceptThenDie("claimed");
    expect(died.claimed).toBe(25);
    const mine = { organizationId: died.organizationId };
    // Still leased to the dead process: a live worker must not take them yet.
    await handOffQueued(mine);
    expect(await getDb().message.count({ where: { ...mine, status: "QUEUED" } })).toBe(25);
    const afterLease = new Date(Date.now() + 61_000);
    while ((await handOffQueued({ now: () => afterLease, ...mine })) > 0);
    // A second worker arriving later finds nothing to send again.
    await handOffQueued({ now: () => new Date(afterLease.getTime() + 120_000), ...mine });
    expect(await getDb().message.count({ where: { ...mine, status: "SENT" } })).toBe(25);
    const rows = await getDb().message.findMany({ where: mine, select: { attempts: true } });
    expect(rows.every((r) => r.attempts === 2)).toBe(true);
    expect(await eventCounts(died.organizationId)).toEqual({ "message.queued": 25, "message.sent": 25 });
  });
});
