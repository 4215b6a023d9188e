// The hot statements write their outbox events already dispatched when nobody subscribes, and
// build the `message.queued` payload in JavaScript: both must agree with the database's own rules
// (the trigger sg_outbox_mark_unsubscribed and the function sg_message_event_payload).
import { describe, expect, it } from "vitest";
import { SYSTEM_ACTOR } from "../audit/actor";
import { getDb } from "../db/client";
import { runSql } from "../db/sql";
import { newId } from "../ids";
import { newMessage } from "../test/new-message";
import { seedOrganization } from "../test/seed";
import { createWebhook } from "../webhooks/create-webhook";
import { insertMessages } from "./insert-messages";
import { applyTransitionsById } from "@/server/test/transitions";

// The webhooks here are never called (no worker runs): any address will do.
process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";

const message = newMessage;

async function hook(organizationId: string, events: string[], isActive = true) {
  const created = await createWebhook(
    getDb(),
    organizationId,
    { name: events.join(","), url: "http://127.0.0.1:9/hook", events: events as never },
    SYSTEM_ACTOR,
  );
  if (!isActive) await getDb().webhook.updateMany({ where: { id: created.id }, data: { isActive: false } });
}

/** Each event of the message: its type and whether it waits for the relay. */
async function eventsOf(messageId: string) {
  const rows = await getDb().$queryRaw<{ type: string; dispatched: boolean; payload: unknown }[]>`
    SELECT type, dispatched_at IS NOT NULL AS dispatched, payload FROM outbox_events
    WHERE payload->>'messageId' = ${messageId} ORDER BY occurred_at, type`;
  return rows;
}

/** Accepted, then SENT, then DELIVERED (or, for `failed`, QUEUED → FAILED). */
async function lifecycle(organizationId: string, failed = false) {
  const m = message(organizationId);
  const now = new Date();
  await insertMessages(null, [m], now);
  if (failed) {
    await applyTransitionsById([{ messageId: m.id, from: "QUEUED", to: "FAILED", errorCode: "x" }], now);
  } else {
    await applyTransitionsById([{ messageId: m.id, from: "QUEUED", to: "SENT", provider: "sandbox" }], now);
    await applyTransitionsById([{ messageId: m.id, from: "SENT", to: "DELIVERED" }], now);
  }
  return Object.fromEntries((await eventsOf(m.id)).map((e) => [e.type, e.dispatched]));
}

describe("message events and their subscribers", () => {
  it("writes every event already dispatched when the organization has no webhook", async () => {
    const { organizationId } = await seedOrganization();
    expect(await lifecycle(organizationId)).toEqual({
      "message.queued": true,
      "message.sent": true,
      "message.delivered": true,
    });
  });

  it("leaves exactly the subscribed events to the relay: by name, by alias, by *, never for an inactive webhook", async () => {
    const byName = await seedOrganization();
    await hook(byName.organizationId, ["message.delivered"]);
    expect(await lifecycle(byName.organizationId)).toEqual({
      "message.queued": true,
      "message.sent": true,
      "message.delivered": false,
    });

    const byAlias = await seedOrganization();
    await hook(byAlias.organizationId, ["sms.failed"]);
    expect(await lifecycle(byAlias.organizationId, true)).toEqual({ "message.queued": true, "message.failed": false });
    expect((await lifecycle(byAlias.organizationId))["message.delivered"]).toBe(true);

    const all = await seedOrganization();
    await hook(all.organizationId, ["*"]);
    expect(await lifecycle(all.organizationId)).toEqual({
      "message.queued": false,
      "message.sent": false,
      "message.delivered": false,
    });

    const inactive = await seedOrganization();
    await hook(inactive.organizationId, ["*"], false);
    expect(Object.values(await lifecycle(inactive.organizationId))).toEqual([true, true, true]);
  });

  it("builds the message.queued payload exactly as sg_message_event_payload sees the new row", async () => {
    const { organizationId } = await seedOrganization();
    const plain = message(organizationId);
    const inBatch = message(organizationId, {
      batchId: newId("bat"),
      body: "ünïcode ✓",
      encoding: "UCS-2",
      from: "Acme",
    });
    const at = new Date("2026-11-23T10:11:12.345Z");
    await insertMessages(null, [plain, { ...inBatch, createdAt: new Date(at.getTime() + 7) }], at);
    for (const m of [plain, inBatch]) {
      const [queued] = await eventsOf(m.id);
      const [fromSql] = await runSql<{ payload: unknown }>(
        null,
        "SELECT sg_message_event_payload(m) AS payload FROM messages m WHERE id = $1",
        [m.id],
      );
      expect(queued?.payload).toEqual(fromSql?.payload);
    }
    expect(((await eventsOf(inBatch.id))[0]?.payload as { createdAt: string }).createdAt).toBe(
      "2026-11-23T10:11:12.352Z",
    );
  });
});
