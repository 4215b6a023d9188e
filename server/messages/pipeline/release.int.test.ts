// Shutdown gives back the messages this process claimed but no carrier has seen, and never one that
// a carrier has: a released message is sent exactly once, by whichever instance takes it next.
import { afterEach, describe, expect, it } from "vitest";
import type { Carrier, OutboundMessage, SubmitResult } from "../../carriers/types";
import { getDb } from "../../db/client";
import { api, seedSender } from "../../test/messaging";
import { claimQueuedMessages } from "./claim";
import { handOffQueued } from "./hand-off";
import { holdClaimed, releaseHeldMessages, reopenHandOffsForTests, takeForHandOff } from "./release";

afterEach(() => reopenHandOffsForTests());

const accept = (batch: readonly OutboundMessage[]): SubmitResult[] =>
  batch.map((m) => ({ messageId: m.id, outcome: "accepted", providerMessageId: `prov_${m.id}` }));

/** A carrier that records every message it is given. */
function recordingCarrier(name = "recording") {
  const seen: string[] = [];
  const carrier: Carrier = {
    name,
    submit: async (batch) => {
      seen.push(...batch.map((m) => m.id));
      return accept(batch);
    },
  };
  return { carrier, seen };
}

/** A carrier whose submit waits until the test lets it answer. */
function blockingCarrier() {
  let entered!: (batch: readonly OutboundMessage[]) => void;
  const submitted = new Promise<readonly OutboundMessage[]>((resolve) => (entered = resolve));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const carrier: Carrier = {
    name: "blocking",
    submit: async (batch) => {
      entered(batch);
      await gate;
      return accept(batch);
    },
  };
  return { carrier, submitted, answer: release };
}

/**
 * `n` sandbox sends of a new organization, the first `live` of them moved to the live environment
 * (so a round has two batches), all due at `at` only: a pipeline of another test file sharing the
 * PostgreSQL database, running on the real clock, never takes them.
 */
async function queued(n: number, live: number, at: Date) {
  const s = await seedSender();
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await api.send(s.testKey, { to: "+14155550123", body: `release ${i}` });
    expect(res.status).toBe(202);
    ids.push(res.json.messageId as string);
  }
  await getDb().message.updateMany({ where: { id: { in: ids } }, data: { nextAttemptAt: at } });
  await getDb().message.updateMany({ where: { id: { in: ids.slice(0, live) } }, data: { environment: "live" } });
  if (live > 0) {
    // Live messages wait in their sender's paced queue (contract §15): counted there, at a pace
    // that hands them all over in one tick.
    const { from } = await getDb().message.findFirstOrThrow({ where: { id: ids[0] }, select: { from: true } });
    await getDb().senderQueue.create({
      data: { organizationId: s.organizationId, sender: from, mps: 1000, queuedSegments: live, nextSlotAt: at },
    });
  }
  return { organizationId: s.organizationId, ids };
}

const rows = (ids: readonly string[]) =>
  getDb().message.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, status: true, lockedUntil: true, attempts: true },
  });

describe("releasing held messages at shutdown", () => {
  it("gives back the batch no carrier has seen, keeps the one with a carrier, and a late round sends none twice", async () => {
    const at = new Date(Date.now() + 60 * 60_000);
    const { organizationId, ids } = await queued(6, 3, at);
    const blocking = blockingCarrier();
    const late = recordingCarrier("late");
    let calls = 0;
    // The round gives its first batch to the blocking carrier; a second batch would go to `late`.
    const round = handOffQueued({
      now: () => at,
      organizationId,
      carriers: () => (calls++ === 0 ? blocking.carrier : late.carrier),
    });
    const withCarrier = (await blocking.submitted).map((m) => m.id);
    expect(withCarrier).toHaveLength(3);
    const notYet = ids.filter((id) => !withCarrier.includes(id));

    expect(await releaseHeldMessages(at)).toBe(3);
    const after = await rows(ids);
    for (const row of after) {
      if (withCarrier.includes(row.id)) {
        // The carrier may have sent it: still leased, only its outcome decides.
        expect(row).toMatchObject({ status: "QUEUED", attempts: 1 });
        expect(row.lockedUntil).not.toBeNull();
      } else {
        // Due at once for any instance, and the claim's attempt given back.
        expect(row).toMatchObject({ status: "QUEUED", attempts: 0, lockedUntil: null });
      }
    }

    blocking.answer();
    await round;
    // The round went on after the release, but handed the released batch to no carrier.
    expect(late.seen).toEqual([]);
    const sent = await rows(withCarrier);
    expect(sent.every((r) => r.status === "SENT")).toBe(true);

    // Another instance (here: this process reopened) takes the released ones at once, once.
    reopenHandOffsForTests();
    const next = recordingCarrier("next");
    while ((await handOffQueued({ now: () => at, organizationId, carriers: () => next.carrier })) > 0);
    expect(next.seen.sort()).toEqual([...notYet].sort());
    expect((await rows(ids)).every((r) => r.status === "SENT")).toBe(true);
  });

  it("leaves alone a message whose lease expired and that another instance claimed since", async () => {
    const at = new Date(Date.now() + 2 * 60 * 60_000);
    const { organizationId, ids } = await queued(2, 0, at);
    const mine = await claimQueuedMessages(at, 10, 60_000, organizationId);
    expect(mine).toHaveLength(2);
    holdClaimed(mine);
    // 61 s later the lease has run out and another instance claims them under its own lease.
    const later = new Date(at.getTime() + 61_000);
    const theirs = await claimQueuedMessages(later, 10, 60_000, organizationId);
    expect(theirs).toHaveLength(2);

    expect(await releaseHeldMessages(later)).toBe(0);
    for (const row of await rows(ids)) {
      expect(row.lockedUntil?.getTime()).toBe(theirs[0]!.lease.getTime());
      expect(row.attempts).toBe(2);
    }
    // And after a release this process hands over nothing more.
    expect(takeForHandOff(theirs)).toEqual([]);
  });
});
