// kill -9 at any point of webhook delivery: every event committed before the kill reaches the
// endpoint after the restart (at least once, with its own event id).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv, resetEnvForTests } from "../../env";
import { runThenKill } from "../../test/crash";
import { startReceiver } from "../../test/receiver";
import { deliverDueOnce } from "./deliver-due-once";

process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
resetEnvForTests();

const pglite = !getEnv().DATABASE_URL;
const dataDir = pglite ? mkdtempSync(path.join(tmpdir(), "sg-webhook-crash-")) : undefined;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function commitThenDie(stage: "committed" | "claimed", hookPath: string) {
  return runThenKill<{ organizationId: string; eventIds: string[]; claimed: number }>(
    "events-then-die.ts",
    [stage, receiver.url(hookPath)],
    { dataDir, env: { WEBHOOK_ALLOW_PRIVATE_URLS: "true" } },
  );
}

const idsAt = (hookPath: string) =>
  receiver.received.filter((r) => r.path === hookPath).map((r) => r.headers["x-webhook-id"]);

describe.sequential("kill -9 during webhook delivery", () => {
  it("events committed but never relayed are all delivered after the restart", async () => {
    const died = await commitThenDie("committed", "/crash/committed");
    expect(died.eventIds).toHaveLength(20);
    expect(idsAt("/crash/committed")).toHaveLength(0);
    await deliverDueOnce({ organizationId: died.organizationId });
    expect(new Set(idsAt("/crash/committed"))).toEqual(new Set(died.eventIds));
  });

  it("deliveries claimed by the dead process are sent once its lease has expired", async () => {
    const died = await commitThenDie("claimed", "/crash/claimed");
    expect(died.claimed).toBe(20);
    await deliverDueOnce({ organizationId: died.organizationId });
    expect(idsAt("/crash/claimed"), "still leased to the dead process").toHaveLength(0);
    await deliverDueOnce({ organizationId: died.organizationId, now: new Date(Date.now() + 61_000) });
    const ids = idsAt("/crash/claimed");
    expect(new Set(ids)).toEqual(new Set(died.eventIds));
    expect(ids).toHaveLength(20);
  });
});
