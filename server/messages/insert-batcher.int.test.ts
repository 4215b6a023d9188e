import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newMessage } from "../test/new-message";
import { seedOrganization } from "../test/seed";
import { insertMessageBatched } from "./insert-batcher";

const message = (organizationId: string, body: string) => newMessage(organizationId, { body });

describe("group commit of single sends", () => {
  it("writes concurrent sends with their own creation time and one message.queued event each", async () => {
    const { organizationId } = await seedOrganization();
    const base = Date.now();
    const sends = Array.from({ length: 40 }, (_, i) => ({
      m: message(organizationId, `together-${i}`),
      at: new Date(base + i),
    }));
    await Promise.all(sends.map(({ m, at }) => insertMessageBatched(m, at)));
    const rows = await getDb().message.findMany({ where: { organizationId } });
    expect(rows).toHaveLength(40);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const { m, at } of sends) {
      expect(byId.get(m.id)).toMatchObject({ status: "QUEUED", body: m.body });
      expect(byId.get(m.id)!.createdAt.getTime()).toBe(at.getTime());
    }
    const events = await getDb().outboxEvent.findMany({ where: { organizationId, type: "message.queued" } });
    expect(events.map((e) => (e.payload as { messageId: string }).messageId).sort()).toEqual(
      sends.map(({ m }) => m.id).sort(),
    );
  });

  it("fails only the message that cannot be written when its batch fails", async () => {
    const { organizationId } = await seedOrganization();
    const good = Array.from({ length: 5 }, (_, i) => message(organizationId, `fine-${i}`));
    const orphan = message("org_doesnotexist0000000000", "no such organization");
    const now = new Date();
    const results = await Promise.allSettled([...good, orphan].map((m) => insertMessageBatched(m, now)));
    expect(results.slice(0, 5).every((r) => r.status === "fulfilled")).toBe(true);
    expect(results[5]!.status).toBe("rejected");
    expect(await getDb().message.count({ where: { organizationId } })).toBe(5);
    expect(await getDb().message.count({ where: { id: orphan.id } })).toBe(0);
  });
});
