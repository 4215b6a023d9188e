// Contract §15: a sender's queue holds at most mps × 14,400 segments (429 queue_full, per index in
// bulk, nothing queued or charged); a live message past its validityPeriod fails `expired`, unbilled,
// and leaves its sender's queue; the sandbox's +15005550005 is never handed off and expires.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { waitFor } from "../../carriers/smpp/test-helpers";
import type { LiveCarriers } from "../../carriers/live";
import { api, eventsOf, seedSender } from "../../test/messaging";
import { expectError } from "../../test/http";
import { useLiveCarriers } from "../../test/live-carriers";
import { paceSender } from "../../test/sender-pace";
import { expireMessages } from "./expire";
import { handOffQueued } from "./hand-off";
import { announceQueueBacklogs } from "./queue-backlog";

let smsc: TestSmsc;
let live: LiveCarriers;
let restore: () => Promise<void>;

beforeAll(async () => {
  smsc = await TestSmsc.start({ systemId: "sg-bound", password: "pw-bound" });
  ({ live, restore } = await useLiveCarriers({
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: "sg-bound",
    SMPP_PASSWORD: "pw-bound",
  }));
  await waitFor(() => live.describe()[0]?.status === "bound");
});

afterAll(async () => {
  await restore();
  await smsc.close();
});

const queueOf = (organizationId: string, sender = "SG") =>
  getDb().senderQueue.findUniqueOrThrow({ where: { organizationId_sender: { organizationId, sender } } });

const billed = async (organizationId: string) => {
  const months = await getDb().billingMonth.findMany({ where: { organizationId } });
  return months.reduce((n, m) => ({ messages: n.messages + Number(m.messages), spend: n.spend + m.spendUnits }), {
    messages: 0,
    spend: 0n,
  });
};

describe("the queue bound (contract §15)", () => {
  it("accepts up to mps × 14,400 segments, then refuses with queue_full: by index in bulk, 429 with Retry-After alone", async () => {
    const { organizationId, liveKey } = await seedSender();
    await paceSender(organizationId, 0.1); // 1,440 segments
    const first = await api.bulk(liveKey, {
      messages: Array.from({ length: 1000 }, (_, i) => ({ to: "+14155550170", body: `bound-${i}` })),
    });
    expect(first.json.accepted).toBe(1000);
    const second = await api.bulk(liveKey, {
      messages: Array.from({ length: 500 }, (_, i) => ({ to: "+14155550170", body: `bound-b-${i}` })),
    });
    expect(second.json.accepted).toBe(440);
    expect(second.json.errors).toHaveLength(60);
    expect(second.json.errors[0]).toMatchObject({ index: 440, code: "queue_full" });
    expect(new Set(second.json.errors.map((e: { code: string }) => e.code))).toEqual(new Set(["queue_full"]));
    expect(Number((await queueOf(organizationId)).queuedSegments)).toBe(1440);

    const single = await api.send(liveKey, { to: "+14155550170", body: "one more" });
    expectError(single, 429, "queue_full");
    expect(single.json.error.message).toContain("SG");
    expect(Number(single.headers.get("retry-after"))).toBeGreaterThan(0);
    // Nothing of the refused items was written or charged.
    expect(await getDb().message.count({ where: { organizationId } })).toBe(1440);
    expect((await billed(organizationId)).messages).toBe(1440);

    // A scheduled send is not bounded now: it joins the queue when it comes due.
    const later = await api.send(liveKey, {
      to: "+14155550170",
      body: "scheduled",
      sendAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    expect(later.status).toBe(202);
  });
});

describe("sender.queue_backlog (contract §15)", () => {
  it("announces a sender past 15 minutes of sending, at most once an hour", async () => {
    const { organizationId, liveKey } = await seedSender();
    await paceSender(organizationId, 1);
    const small = await api.bulk(liveKey, {
      messages: Array.from({ length: 900 }, (_, i) => ({ to: "+14155550174", body: `wait-${i}` })),
    });
    expect(small.json.accepted).toBe(900);
    const now = new Date();
    expect(await announceQueueBacklogs(now, organizationId)).toBe(0); // exactly 15 minutes: not past
    await api.send(liveKey, { to: "+14155550174", body: "one more" });
    expect(await announceQueueBacklogs(now, organizationId)).toBe(1);
    expect(await announceQueueBacklogs(new Date(now.getTime() + 59 * 60_000), organizationId)).toBe(0);
    expect(await announceQueueBacklogs(new Date(now.getTime() + 60 * 60_000), organizationId)).toBe(1);
    const events = (await eventsOf(organizationId)).filter((e) => e.type === "sender.queue_backlog");
    expect(events).toHaveLength(2);
    expect(events[0]!.payload).toEqual({ sender: "SG", segments: 901, estimatedWaitSeconds: 901 });
  });
});

describe("validity (contract §15)", () => {
  it("fails a live message that waited past its validityPeriod: expired, not sent, not billed, out of the queue", async () => {
    const { organizationId, liveKey } = await seedSender();
    await paceSender(organizationId, 0.1);
    const ahead = await api.send(liveKey, { to: "+14155550171", body: "ahead" });
    const behind = await api.send(liveKey, { to: "+14155550172", body: "behind", validityPeriod: 5 });
    expect([ahead.status, behind.status]).toEqual([202, 202]);
    const before = await billed(organizationId);
    expect(before.messages).toBe(2);

    // The sender's one slot goes to the first; the second waits 10 s behind it, past its 5 s.
    await handOffQueued({ organizationId });
    expect(await expireMessages(new Date(), 100, organizationId)).toBe(0);
    expect(await expireMessages(new Date(Date.now() + 6_000), 100, organizationId)).toBe(1);

    const expired = await getDb().message.findFirstOrThrow({ where: { id: behind.json.messageId } });
    expect(expired).toMatchObject({ status: "FAILED", errorCode: "expired", priceUnits: 0n });
    expect((await getDb().message.findFirstOrThrow({ where: { id: ahead.json.messageId } })).status).toBe("SENT");
    expect(smsc.submits.some((s) => s.text === "behind")).toBe(false);
    const after = await billed(organizationId);
    expect(after.messages).toBe(1);
    expect(after.spend).toBeLessThan(before.spend);
    expect(Number((await queueOf(organizationId)).queuedSegments)).toBe(0);
    const failed = (await eventsOf(organizationId)).filter((e) => e.type === "message.failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.payload).toMatchObject({ messageId: behind.json.messageId, errorCode: "expired" });
  });

  it("never hands the sandbox's +15005550005 to a carrier: it fails expired when its validity ends", async () => {
    const { organizationId, testKey } = await seedSender();
    const res = await api.send(testKey, { to: "+15005550005", body: "never", validityPeriod: 5 });
    expect(res.status).toBe(202);
    await handOffQueued({ organizationId });
    expect((await getDb().message.findFirstOrThrow({ where: { id: res.json.messageId } })).status).toBe("QUEUED");
    expect(await expireMessages(new Date(Date.now() + 6_000), 100, organizationId)).toBe(1);
    expect(await getDb().message.findFirstOrThrow({ where: { id: res.json.messageId } })).toMatchObject({
      status: "FAILED",
      errorCode: "expired",
    });
  });

  it("refuses a validityPeriod outside 1 to 36,000 seconds", async () => {
    const { testKey } = await seedSender();
    expectError(await api.send(testKey, { to: "+14155550173", body: "x", validityPeriod: 0 }), 400, "invalid_request");
    expectError(
      await api.send(testKey, { to: "+14155550173", body: "x", validityPeriod: 36_001 }),
      400,
      "invalid_request",
    );
  });
});
