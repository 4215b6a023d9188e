// Contract §15: live hand-offs paced per sender, through the configured SMPP carrier and the test
// SMSC on loopback, whose submit_sm arrival times are what is measured. The queue bound, validity
// and the sandbox's never-sent recipient are in queue-bound.int.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { TestSmsc } from "../../carriers/smpp/test-smsc";
import { waitFor } from "../../carriers/smpp/test-helpers";
import type { LiveCarriers } from "../../carriers/live";
import { api, seedSender } from "../../test/messaging";
import { useLiveCarriers } from "../../test/live-carriers";
import { paceSender } from "../../test/sender-pace";
import { handOffQueued } from "./hand-off";
import { resetEnvForTests } from "../../env";

let smsc: TestSmsc;
let live: LiveCarriers;
let restore: () => Promise<void>;

beforeAll(async () => {
  smsc = await TestSmsc.start({ systemId: "sg-pace", password: "pw-pace" });
  ({ live, restore } = await useLiveCarriers({
    SMS_PROVIDER: "smpp",
    SMPP_URL: smsc.url,
    SMPP_SYSTEM_ID: "sg-pace",
    SMPP_PASSWORD: "pw-pace",
  }));
  await waitFor(() => live.describe()[0]?.status === "bound");
});

afterAll(async () => {
  await restore();
  await smsc.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Hand-off rounds, as a server process's pipeline runs them, until `done` or the deadline. */
async function pipelineUntil(done: () => Promise<boolean>, organizationId: string, deadlineMs = 30_000) {
  const deadline = Date.now() + deadlineMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error("the backlog was not handed over in time");
    await handOffQueued({ organizationId });
    await sleep(20);
  }
}

const allSent = (organizationId: string) => async () =>
  (await getDb().message.count({ where: { organizationId, status: "QUEUED" } })) === 0;

/** The most submit_sm that arrived within any one second. */
function busiestSecond(times: readonly number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (sorted[i]! - sorted[j]! >= 1000) j++;
    most = Math.max(most, i - j + 1);
  }
  return most;
}

const arrivals = (prefix: string) => smsc.submits.filter((s) => s.text?.startsWith(prefix));

describe("pacing per sender (contract §15)", () => {
  it("hands a sender's messages over at most mps a second, in order of acceptance", async () => {
    const { organizationId, liveKey } = await seedSender();
    await paceSender(organizationId, 4);
    const res = await api.bulk(liveKey, {
      messages: Array.from({ length: 10 }, (_, i) => ({ to: "+14155550160", body: `paced-${i}` })),
    });
    expect(res.json.accepted).toBe(10);
    await pipelineUntil(allSent(organizationId), organizationId);

    const got = arrivals("paced-");
    expect(got.map((s) => s.text)).toEqual(Array.from({ length: 10 }, (_, i) => `paced-${i}`));
    expect(busiestSecond(got.map((s) => s.at))).toBeLessThanOrEqual(5);
    // Slots a quarter second apart: eight of them from the second message to the last (the first may
    // leave late, as the first of anything does; a little slack for the peer's own clock reading).
    expect(got.at(-1)!.at - got[1]!.at).toBeGreaterThanOrEqual(2_000 - 50);
  });

  it("never delays one sender behind another's backlog, nor one organization behind another's", async () => {
    const a = await seedSender();
    const b = await seedSender();
    await paceSender(a.organizationId, 0.5);
    await paceSender(a.organizationId, 0.5, "Other");
    await paceSender(b.organizationId, 0.5);
    const backlog = await api.bulk(a.liveKey, {
      messages: Array.from({ length: 20 }, (_, i) => ({ to: "+14155550161", body: `backlog-${i}` })),
    });
    expect(backlog.json.accepted).toBe(20);
    const other = await api.send(a.liveKey, { to: "+14155550162", body: "other-sender", from: "Other" });
    const tenant = await api.send(b.liveKey, { to: "+14155550163", body: "other-tenant" });
    expect([other.status, tenant.status]).toEqual([202, 202]);

    // One round each: every sender's first slot is now, whatever waits behind another sender.
    await handOffQueued({ organizationId: a.organizationId });
    await handOffQueued({ organizationId: b.organizationId });
    expect(await getDb().message.findFirstOrThrow({ where: { id: other.json.messageId } })).toMatchObject({
      status: "SENT",
    });
    expect(await getDb().message.findFirstOrThrow({ where: { id: tenant.json.messageId } })).toMatchObject({
      status: "SENT",
    });
    // The backlog's sender took one slot: 1 of its 20 is with the carrier, 19 wait their turn.
    expect(
      await getDb().message.count({ where: { organizationId: a.organizationId, from: "SG", status: "SENT" } }),
    ).toBe(1);
    const queue = await getDb().senderQueue.findUniqueOrThrow({
      where: { organizationId_sender: { organizationId: a.organizationId, sender: "SG" } },
    });
    expect(Number(queue.queuedSegments)).toBe(19);
  });

  it("keeps one sender's pace when two pipelines (two processes' worth) share it", async () => {
    const { organizationId, liveKey } = await seedSender();
    await paceSender(organizationId, 3);
    const res = await api.bulk(liveKey, {
      messages: Array.from({ length: 8 }, (_, i) => ({ to: "+14155550164", body: `shared-${i}` })),
    });
    expect(res.json.accepted).toBe(8);
    await Promise.all([
      pipelineUntil(allSent(organizationId), organizationId),
      pipelineUntil(allSent(organizationId), organizationId),
    ]);
    const got = arrivals("shared-");
    // Each message exactly once, and the two together never past 3 + 1 in a second.
    expect(got.map((s) => s.text).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `shared-${i}`).sort());
    expect(busiestSecond(got.map((s) => s.at))).toBeLessThanOrEqual(4);
  });

  it("with SENDER_PACING=off keeps no sender's queue and hands everything over at once (the benchmarks' baseline)", async () => {
    process.env.SENDER_PACING = "off";
    resetEnvForTests();
    try {
      const { organizationId, liveKey } = await seedSender();
      const res = await api.bulk(liveKey, {
        messages: Array.from({ length: 6 }, (_, i) => ({ to: "+14155550165", body: `unpaced-${i}` })),
      });
      expect(res.json.accepted).toBe(6);
      expect(await getDb().senderQueue.count({ where: { organizationId } })).toBe(0);
      expect(await handOffQueued({ organizationId })).toBe(6);
      expect(await getDb().message.count({ where: { organizationId, status: "SENT" } })).toBe(6);
    } finally {
      delete process.env.SENDER_PACING;
      resetEnvForTests();
    }
  });
});
