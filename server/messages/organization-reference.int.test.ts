// messages and outbox_events keep no row-by-row foreign key to organizations (migration
// 20261123141500_hot_path_events); statement triggers hold the same two rules.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newId } from "../ids";
import { newMessage } from "../test/new-message";
import { seedOrganization } from "../test/seed";
import { insertMessages } from "./insert-messages";

const message = (organizationId: string) => newMessage(organizationId, { body: "reference" });

const count = async (organizationId: string) => ({
  messages: await getDb().message.count({ where: { organizationId } }),
  events: await getDb().outboxEvent.count({ where: { organizationId } }),
});

describe("the organization reference of messages and events", () => {
  it("refuses a whole statement when one row names an organization that does not exist (23503)", async () => {
    const { organizationId } = await seedOrganization();
    const ghost = newId("org");
    const failure = await insertMessages(null, [message(organizationId), message(ghost)], new Date()).then(
      () => null,
      (err: unknown) => err as { code?: string; message: string },
    );
    expect(failure?.code).toBe("23503");
    expect(failure?.message).toContain("violates the organization reference");
    expect(await count(organizationId)).toEqual({ messages: 0, events: 0 });
    expect(await count(ghost)).toEqual({ messages: 0, events: 0 });

    await expect(
      getDb().outboxEvent.create({
        data: { id: newId("evt"), organizationId: ghost, type: "otp.sent", payload: {}, occurredAt: new Date() },
      }),
    ).rejects.toThrow();
  });

  it("deletes an organization's messages and events with it", async () => {
    const kept = await seedOrganization();
    const deleted = await seedOrganization();
    await insertMessages(null, [message(kept.organizationId)], new Date());
    await insertMessages(null, [message(deleted.organizationId), message(deleted.organizationId)], new Date());
    expect(await count(deleted.organizationId)).toEqual({ messages: 2, events: 2 });

    await getDb().organization.delete({ where: { id: deleted.organizationId } });
    expect(await count(deleted.organizationId)).toEqual({ messages: 0, events: 0 });
    expect(await count(kept.organizationId)).toEqual({ messages: 1, events: 1 });
  });
});
