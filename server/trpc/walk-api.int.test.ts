// Issue 30's API-side walk items over the dashboard's tRPC procedures: an endpoint's health over
// 24 h (Active/Failing), a message's webhook deliveries (the log filtered by message), opt-outs
// newest first with the word replied, and numbers with their kind and country.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newId, newIdAt } from "../ids";
import { seedOrganization } from "../test/seed";
import { callerFor } from "../test/trpc";
import { api, seedSender } from "../test/messaging";
import { relayOutboxEvents } from "../webhooks/relay";
import { receiveInboundMessage } from "../inbound/receive-inbound";
import type { DeliveryStatus } from "@/schemas/webhook-views";

const db = () => getDb();

async function owner() {
  const o = await seedOrganization("owner");
  return { ...o, caller: callerFor(o.userId, o.organizationId) };
}

async function webhook(organizationId: string, events: string[] = ["*"]) {
  return db().webhook.create({
    data: { id: newId("wh"), organizationId, name: "Hook", url: "https://example.com/hook", events },
  });
}

async function deliveries(organizationId: string, webhookId: string, statuses: DeliveryStatus[], at = new Date()) {
  for (const status of statuses) {
    const eventId = newId("evt");
    await db().webhookDelivery.create({
      data: {
        id: newIdAt("dlv", at),
        organizationId,
        webhookId,
        eventId,
        event: "message.delivered",
        body: "{}",
        status,
        createdAt: at,
      },
    });
  }
}

describe("webhooks.health", () => {
  it("answers each webhook's success over the last 24 h, Failing under 90 %", async () => {
    const o = await owner();
    const failing = await webhook(o.organizationId);
    const healthy = await webhook(o.organizationId);
    const quiet = await webhook(o.organizationId);
    await deliveries(o.organizationId, failing.id, ["SUCCEEDED", "FAILED", "RETRYING", "FAILED", "PENDING"]);
    // Older than the window: not counted, however many.
    await deliveries(
      o.organizationId,
      failing.id,
      ["SUCCEEDED", "SUCCEEDED", "SUCCEEDED"],
      new Date(Date.now() - 25 * 3_600_000),
    );
    await deliveries(o.organizationId, healthy.id, ["SUCCEEDED", "SUCCEEDED", "PENDING"]);

    const health = new Map((await o.caller.webhooks.health()).map((h) => [h.webhookId, h]));
    expect(health.get(failing.id)).toEqual({
      webhookId: failing.id,
      settled: 4,
      succeeded: 1,
      successRate: 0.25,
      failing: true,
    });
    expect(health.get(healthy.id)).toMatchObject({ settled: 2, succeeded: 2, successRate: 1, failing: false });
    expect(health.get(quiet.id)).toMatchObject({ settled: 0, successRate: null, failing: false });

    // Another organization's webhooks are not in it.
    const other = await owner();
    expect((await other.caller.webhooks.health()).map((h) => h.webhookId)).not.toContain(failing.id);
  });
});

describe("a message's webhook deliveries", () => {
  it("lists only the deliveries of that message's events", async () => {
    const sender = await seedSender();
    const hook = await webhook(sender.organizationId, ["message.queued"]);
    const a = await api.send(sender.testKey, { to: "+14155550123", body: "a" });
    const b = await api.send(sender.testKey, { to: "+14155550123", body: "b" });
    while ((await relayOutboxEvents(new Date())).events > 0);

    const caller = callerFor(sender.userId, sender.organizationId);
    const ofA = await caller.webhooks.deliveries({ messageId: a.json.messageId });
    expect(ofA.items).toHaveLength(1);
    expect(ofA.items[0]).toMatchObject({ webhookId: hook.id, event: "message.queued" });
    const row = await db().webhookDelivery.findFirstOrThrow({ where: { id: ofA.items[0]!.id } });
    expect(row.messageId).toBe(a.json.messageId);
    expect(JSON.parse(row.body)).toMatchObject({ payload: { messageId: a.json.messageId } });
    const ofB = await caller.webhooks.deliveries({ messageId: b.json.messageId });
    expect(ofB.items.map((d) => d.id)).not.toContain(ofA.items[0]!.id);
    expect((await caller.webhooks.deliveries({})).items).toHaveLength(2);
    expect((await caller.webhooks.deliveries({ messageId: "msg_unknown" })).items).toEqual([]);
  });
});

describe("contacts.optOuts (dashboard)", () => {
  it("shows the word a number replied, newest first, paged", async () => {
    const sender = await seedSender();
    const number = `+1415777${String(process.pid % 100).padStart(2, "0")}01`;
    await db().phoneNumber.create({ data: { number, organizationId: sender.organizationId } });
    const caller = callerFor(sender.userId, sender.organizationId);

    const t0 = new Date(Date.now() - 60_000);
    await receiveInboundMessage(db(), {
      from: "+14155550191",
      to: number,
      body: " unsubscribe ",
      environment: "live",
      provider: "twilio",
      receivedAt: t0,
    });
    await receiveInboundMessage(db(), {
      from: "+14155550192",
      to: number,
      body: "STOP",
      environment: "live",
      provider: "twilio",
      receivedAt: new Date(t0.getTime() + 1000),
    });
    await caller.contacts.addOptOut({ phone: "+14155550190" });

    const all = await caller.contacts.optOuts({});
    expect(all.items.map((o) => [o.phone, o.source, o.keyword])).toEqual([
      ["+14155550190", "dashboard", null],
      ["+14155550192", "keyword", "STOP"],
      ["+14155550191", "keyword", "UNSUBSCRIBE"],
    ]);

    const first = await caller.contacts.optOuts({ limit: 2 });
    expect(first.items).toHaveLength(2);
    const second = await caller.contacts.optOuts({ limit: 2, cursor: first.nextCursor! });
    expect(second.items.map((o) => o.phone)).toEqual(["+14155550191"]);
    expect(second.nextCursor).toBeNull();
  });
});

describe("contacts.numbers (dashboard)", () => {
  it("gives each number its kind and country", async () => {
    const o = await owner();
    const long = `+1415888${String(process.pid % 100).padStart(2, "0")}01`;
    const short = `7${String(process.pid % 1000).padStart(3, "0")}${String(Date.now() % 100).padStart(2, "0")}`;
    await db().phoneNumber.createMany({
      data: [
        { number: long, organizationId: o.organizationId },
        { number: short, organizationId: o.organizationId },
      ],
    });
    const numbers = await o.caller.contacts.numbers();
    expect(numbers.find((n) => n.number === long)).toMatchObject({ kind: "long_code", country: "US" });
    expect(numbers.find((n) => n.number === short)).toMatchObject({ kind: "short_code", country: null });
  });
});
