// kill -9 at any point of webhook delivery: every event committed before the kill reaches the
// endpoint after the restart (at least once, with its own event id).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, ensureMigrated } from "../../db/client";
import { getEnv, resetEnvForTests } from "../../env";
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

async function commitThenDie(stage: "committed" | "claimed", hookPath: string) {
  if (pglite) await closeDb();
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("server/test/fixtures/events-then-die.ts"), stage, receiver.url(hookPath)],
    {
      env: {
        ...process.env,
        ...(dataDir ? { DATA_DIR: dataDir, DATABASE_URL: "" } : {}),
        LOG_LEVEL: "silent",
        WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout.on("data", (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf("\n");
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.on("exit", (code) => reject(new Error(`fixture exited with ${code}: ${out}`)));
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  if (dataDir) {
    process.env.DATA_DIR = dataDir;
    process.env.DATABASE_URL = "";
    resetEnvForTests();
    await ensureMigrated();
  }
  return JSON.parse(line) as { organizationId: string; eventIds: string[]; claimed: number };
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
