// Live messages end to end through the configured SMPP carrier and a real SMSC on loopback: the
// API accepts, the pipeline hands off (submit_sm, concatenated parts), deliver_sm receipts come
// back and move the message, with the same events as the sandbox.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { waitFor } from "../../carriers/smpp/test-helpers";
import type { LiveCarriers } from "../../carriers/live";
import { api, eventsOf, seedSender } from "../../test/messaging";
import { useLiveCarriers } from "../../test/live-carriers";
import { paceSender } from "../../test/sender-pace";
import { handOffQueued } from "./hand-off";

let smsc: TestSmsc;
let live: LiveCarriers;
let restore: () => Promise<void>;

beforeAll(async () => {
  smsc = await TestSmsc.start({ systemId: "sg-live", password: "pw-live" });
  ({ live, restore } = await useLiveCarriers({
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: "sg-live",
    SMPP_PASSWORD: "pw-live",
    SMPP_WINDOW_SIZE: "8",
  }));
  await waitFor(() => live.describe()[0]?.status === "bound");
});

afterAll(async () => {
  await restore();
  await smsc.close();
});

/** Hand-off rounds for one organization until nothing is due, `aheadMs` in the future (past back-offs). */
async function handOff(organizationId: string, aheadMs = 0): Promise<void> {
  const now = () => new Date(Date.now() + aheadMs);
  while ((await handOffQueued({ now, organizationId })) > 0);
}

async function statusOf(id: string) {
  return getDb().message.findFirstOrThrow({ where: { id } });
}

describe("live SMS through SMPP", () => {
  it("sends a 300-character GSM-7 and a 100-character UCS-2 message as correct parts, and applies DELIVRD and UNDELIV receipts", async () => {
    const { organizationId, liveKey } = await seedSender();
    const gsm = "G".repeat(299) + "!";
    const ucs = "Привет ".repeat(14) + "мир!!!!!!!!!!!!!".slice(0, 2);
    expect(ucs).toHaveLength(100);
    const a = await api.send(liveKey, { to: "+14155550101", body: gsm });
    const b = await api.send(liveKey, { to: "+14155550102", body: ucs });
    expect([a.status, b.status]).toEqual([202, 202]);
    expect([a.json.segments, a.json.encoding, b.json.segments, b.json.encoding]).toEqual([2, "GSM-7", 2, "UCS-2"]);

    await handOff(organizationId);
    const sentA = await statusOf(a.json.messageId);
    const sentB = await statusOf(b.json.messageId);
    expect(sentA).toMatchObject({ status: "SENT", provider: "smpp" });
    expect(sentB).toMatchObject({ status: "SENT", provider: "smpp" });

    const partsA = smsc.submits.filter((s) => s.destinationAddr === "14155550101");
    const partsB = smsc.submits.filter((s) => s.destinationAddr === "14155550102");
    expect(partsA.map((p) => [p.dataCoding, p.registeredDelivery, p.concat?.total, p.concat?.seq])).toEqual([
      [0, 1, 2, 1],
      [0, 1, 2, 2],
    ]);
    expect(partsA.map((p) => p.text).join("")).toBe(gsm);
    expect(partsB.map((p) => [p.dataCoding, p.concat?.total, p.concat?.seq])).toEqual([
      [8, 2, 1],
      [8, 2, 2],
    ]);
    expect(partsB.map((p) => p.text).join("")).toBe(ucs);
    // The provider id is the SMSC's id for the first part: the one its receipt names.
    expect(sentA.providerMessageId).toBe(partsA[0]!.messageId);

    const respA = await smsc.sendReceipt({ messageId: sentA.providerMessageId!, stat: "DELIVRD" });
    const respB = await smsc.sendReceipt({ messageId: sentB.providerMessageId!, stat: "UNDELIV", form: "text" });
    // Every deliver_sm is answered, and only after the receipt was stored.
    expect([respA.command_status, respB.command_status]).toEqual([0, 0]);
    const finalA = await statusOf(a.json.messageId);
    const finalB = await statusOf(b.json.messageId);
    expect(finalA).toMatchObject({ status: "DELIVERED" });
    expect(finalA.deliveredAt).not.toBeNull();
    expect(finalB).toMatchObject({ status: "UNDELIVERED", errorCode: "carrier_undeliv" });

    const events = await eventsOf(organizationId);
    const seen = events.map((e) => `${e.type} ${(e.payload as { messageId: string }).messageId}`);
    expect(seen.sort()).toEqual(
      [
        `message.queued ${a.json.messageId}`,
        `message.queued ${b.json.messageId}`,
        `message.sent ${a.json.messageId}`,
        `message.sent ${b.json.messageId}`,
        `message.delivered ${a.json.messageId}`,
        `message.undelivered ${b.json.messageId}`,
      ].sort(),
    );
    expect(events.find((e) => e.type === "message.delivered")!.payload).toMatchObject({
      providerMessageId: sentA.providerMessageId,
      status: "DELIVERED",
    });

    // A duplicate receipt changes nothing and writes no event.
    await smsc.sendReceipt({ messageId: sentA.providerMessageId!, stat: "DELIVRD" });
    expect(await eventsOf(organizationId)).toHaveLength(6);

    const status = await api.status(liveKey, a.json.messageId);
    expect(status.json).toMatchObject({ status: "DELIVERED", environment: "live" });
    expect(status.json.body).toBeUndefined();
  });

  it("fails an invalid destination for good and retries a throttled one", async () => {
    const { organizationId, liveKey } = await seedSender();
    smsc.setStatus("+14155550111", 0x0b); // ESME_RINVDSTADR
    smsc.setStatus("+14155550112", 0x58); // ESME_RTHROTTLED
    const bad = await api.send(liveKey, { to: "+14155550111", body: "bad" });
    const busy = await api.send(liveKey, { to: "+14155550112", body: "busy" });
    // One round takes both. (Rounds until none is due would take the throttled one again should a
    // round outlast its 1 s retry delay, as a loaded machine can make it.)
    expect(await handOffQueued({ organizationId })).toBe(2);
    expect(await statusOf(bad.json.messageId)).toMatchObject({ status: "FAILED", errorCode: "invalid_number" });
    const queued = await statusOf(busy.json.messageId);
    expect(queued).toMatchObject({ status: "QUEUED", attempts: 0, provider: null }); // a throttle is not counted
    expect(queued.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    smsc.setStatus("+14155550112", 0);
    await handOff(organizationId, 60_000);
    expect(await statusOf(busy.json.messageId)).toMatchObject({ status: "SENT", provider: "smpp", attempts: 1 });
  });

  it("loses nothing and doubles nothing when the SMSC drops the connection mid-stream and comes back", async () => {
    const { organizationId, liveKey } = await seedSender();
    await paceSender(organizationId, 1000);
    const count = 60;
    const res = await api.bulk(liveKey, {
      messages: Array.from({ length: count }, (_, i) => ({ to: "+14155550150", body: `stream-${i}` })),
    });
    expect(res.json.accepted).toBe(count);
    const before = smsc.submits.length;
    // The SMSC answers 25 submit_sm, takes the next ones without answering, then crashes.
    smsc.holdAfter(25);
    const round = handOff(organizationId);
    await waitFor(() => smsc.outstanding >= 8); // a full window written and unanswered
    await smsc.crash();
    await round;
    // Those written and unanswered may be at the SMSC: queued again, pinned to it.
    const pinned = await getDb().message.count({ where: { organizationId, status: "QUEUED", provider: "smpp" } });
    expect(pinned).toBeGreaterThan(0);
    await waitFor(() => live.describe()[0]?.status !== "bound");
    await smsc.restart();
    await waitFor(() => live.describe()[0]?.status === "bound", 10_000);

    // Rounds until every message is SENT (back-offs skipped by looking ahead).
    for (let i = 0; i < 20; i++) {
      const queued = await getDb().message.count({ where: { organizationId, status: "QUEUED" } });
      if (queued === 0) break;
      await handOff(organizationId, (i + 1) * 10 * 60_000);
    }
    const rows = await getDb().message.findMany({ where: { organizationId } });
    expect(rows.filter((r) => r.status === "SENT")).toHaveLength(count);
    // Messages that were written and never answered went back to the same provider only.
    expect(rows.every((r) => r.provider === "smpp")).toBe(true);

    const submitted = smsc.submits.slice(before);
    // The crash really cut requests off: some submit_sm were taken and never answered, and sent again.
    expect(submitted.filter((s) => s.answeredStatus === null).length).toBeGreaterThan(0);
    expect(submitted.length).toBeGreaterThan(count);
    const accepted = submitted.filter((s) => s.answeredStatus === 0);
    const acceptedBodies = accepted.map((s) => s.text);
    expect(new Set(acceptedBodies).size).toBe(count); // every message accepted …
    expect(acceptedBodies).toHaveLength(count); // … exactly once
    const idsByBody = new Map(accepted.map((s) => [s.text, s.messageId]));
    for (const r of rows) expect(r.providerMessageId).toBe(idsByBody.get(r.body));
    const sentEvents = (await eventsOf(organizationId)).filter((e) => e.type === "message.sent");
    expect(sentEvents).toHaveLength(count);
  });
});
