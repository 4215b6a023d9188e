// Two app processes scanning one PostgreSQL at the same moment, 20,000 messages due in the same
// second (contract §11): each is QUEUED exactly once, by one of them. PostgreSQL only: PGlite is
// one process's embedded database.
import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { getEnv } from "../env";
import { seedOrganization } from "../test/seed";
import { sendBulkSms } from "../messages/send-bulk";

const postgres = Boolean(getEnv().DATABASE_URL);

function dispatcher(organizationId: string, startAt: number): Promise<{ queued: number; batches: number }> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.resolve("server/test/fixtures/dispatch-until-done.ts"),
      organizationId,
      String(startAt),
      "1000",
    ],
    { env: { ...process.env, LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "inherit"] },
  );
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim()) as never) : reject(new Error(`dispatcher exited ${code}: ${out}`)),
    ),
  );
}

describe.skipIf(!postgres)("two processes, one PostgreSQL", () => {
  it("20,000 due in the same second: each QUEUED exactly once", async () => {
    const { organizationId } = await seedOrganization("owner");
    const sender = { organizationId, environment: "test" as const, apiKeyId: null };
    const accepted = new Date(Date.now() - 120_000);
    const sendAt = new Date(accepted.getTime() + 60_000).toISOString();
    for (let i = 0; i < 20; i++) {
      const messages = Array.from({ length: 1000 }, (_, n) => ({
        to: `+1415555${String((i * 1000 + n) % 10_000).padStart(4, "0")}`,
        body: "due together",
      }));
      expect((await sendBulkSms(getDb(), sender, { messages, sendAt }, { now: accepted })).accepted).toBe(1000);
    }
    // Both start at the same instant, once their modules are loaded.
    const startAt = Date.now() + 15_000;
    const [a, b] = await Promise.all([dispatcher(organizationId, startAt), dispatcher(organizationId, startAt)]);
    expect(a.queued + b.queued).toBe(20_000);
    // Both took part (neither found the work already done).
    expect(Math.min(a.queued, b.queued)).toBeGreaterThan(0);
    const mine = { organizationId };
    expect(await getDb().message.count({ where: { ...mine, status: "QUEUED" } })).toBe(20_000);
    const [row] = await getDb().$queryRawUnsafe<{ events: bigint; messages: bigint }[]>(
      `SELECT count(*) AS events, count(DISTINCT payload->>'messageId') AS messages FROM outbox_events
       WHERE organization_id = $1 AND type = 'message.queued'`,
      organizationId,
    );
    expect({ events: Number(row!.events), messages: Number(row!.messages) }).toEqual({
      events: 20_000,
      messages: 20_000,
    });
  }, 180_000);
});
