// The dashboard's events procedures: the same list as REST, paged as infinite queries page, and one
// event with its deliveries (only this organization's).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { newId } from "@/server/ids";
import { seedOrganization } from "@/server/test/seed";
import { createWebhook } from "@/server/webhooks/create-webhook";
import { SYSTEM_ACTOR } from "@/server/audit/actor";
import { callerFor } from "@/server/test/trpc";

async function event(organizationId: string, type = "message.sent") {
  const id = newId("evt");
  await getDb().$executeRawUnsafe(
    `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at) VALUES ($1, $2, $3, '{"messageId":"msg_1"}', now())`,
    id,
    organizationId,
    type,
  );
  return id;
}

describe("events router", () => {
  it("lists newest first with the infinite query's cursor and direction, filters by type", async () => {
    const owner = await seedOrganization("owner");
    const ids = [await event(owner.organizationId), await event(owner.organizationId, "otp.sent")];
    const caller = callerFor(owner.userId, owner.organizationId);
    const first = await caller.events.list({ limit: 1, direction: "forward" });
    expect(first.items.map((e) => e.id)).toEqual([ids[1]]);
    const second = await caller.events.list({ limit: 1, cursor: first.nextCursor!, direction: "forward" });
    expect(second.items.map((e) => e.id)).toEqual([ids[0]]);
    expect(second.nextCursor).toBeNull();
    const otp = await caller.events.list({ types: "otp.*" });
    expect(otp.items.map((e) => e.id)).toEqual([ids[1]]);
  });

  it("shows one event with its deliveries; another organization's is not found", async () => {
    const owner = await seedOrganization("owner");
    const id = await event(owner.organizationId);
    const webhook = await createWebhook(
      getDb(),
      owner.organizationId,
      { name: "A", url: "https://hooks.example.com/a", events: ["*"] },
      SYSTEM_ACTOR,
    );
    await getDb().webhookDelivery.create({
      data: {
        id: newId("dlv"),
        organizationId: owner.organizationId,
        webhookId: webhook.id,
        eventId: id,
        event: "message.sent",
        body: "{}",
      },
    });
    const caller = callerFor(owner.userId, owner.organizationId);
    const detail = await caller.events.byId({ id });
    expect(detail).toMatchObject({ id, event: "message.sent", payload: { messageId: "msg_1" } });
    expect(detail.deliveries).toHaveLength(1);
    expect(detail.deliveries[0]).toMatchObject({ webhookId: webhook.id, webhookName: "A", status: "PENDING" });
    const stranger = await seedOrganization("owner");
    const other = callerFor(stranger.userId, stranger.organizationId);
    await expect(other.events.byId({ id })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
