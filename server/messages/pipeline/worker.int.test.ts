// The worker loop as the server runs it: real timers, woken by a send in the same process.
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { waitFor } from "../../test/crash";
import { api, seedSender } from "../../test/messaging";
import { newMessage } from "../../test/new-message";
import { insertMessages } from "../insert-messages";
import { MessagePipeline, pipelineGiveWay } from "./worker";

let pipeline: MessagePipeline | undefined;
afterEach(async () => {
  await pipeline?.stop();
  pipeline = undefined;
});

async function statusOf(id: string) {
  return (await getDb().message.findFirstOrThrow({ where: { id } })).status;
}

/** Twelve messages of the organization, due a second ago. */
function queueTwelve(organizationId: string) {
  return insertMessages(
    null,
    Array.from({ length: 12 }, () => newMessage(organizationId)),
    new Date(Date.now() - 1000),
  );
}

const sentCount = (organizationId: string) => getDb().message.count({ where: { organizationId, status: "SENT" } });

describe("MessagePipeline", () => {
  it("delivers a sandbox message within a few seconds of the send, without waiting for a poll", async () => {
    const s = await seedSender();
    // A poll interval far longer than the test: only a nudge can start a round.
    pipeline = new MessagePipeline({ pollIntervalMs: 60_000, sandboxDelayMs: 300, organizationId: s.organizationId });
    pipeline.start();
    await new Promise((r) => setTimeout(r, 200)); // let the start-up round finish
    const started = Date.now();
    const { messageId } = (await api.send(s.testKey, { to: "+14155550123", body: "worker" })).json;
    // In the server the send nudges the process's pipeline itself; tests have none, so nudge ours.
    pipeline.nudge();
    // SENT, or already DELIVERED by the round after it (the receipt is due 300 ms after SENT, and a
    // slow status read on a loaded machine can miss the SENT in between).
    await waitFor(async () => ["SENT", "DELIVERED"].includes(await statusOf(messageId)), 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The receipt comes after the sandbox delay, from the next round (nudged again here, as the
    // poll interval is an hour).
    await new Promise((r) => setTimeout(r, 350));
    pipeline.nudge();
    await waitFor(async () => (await statusOf(messageId)) === "DELIVERED", 5_000);
  });

  it("stops cleanly and does nothing afterwards", async () => {
    const s = await seedSender();
    pipeline = new MessagePipeline({ pollIntervalMs: 20, sandboxDelayMs: 0, organizationId: s.organizationId });
    pipeline.start();
    await pipeline.stop();
    const { messageId } = (await api.send(s.testKey, { to: "+14155550123", body: "after stop" })).json;
    pipeline.nudge();
    await new Promise((r) => setTimeout(r, 200));
    expect(await statusOf(messageId)).toBe("QUEUED");
  });

  it("polls: a message written by another process is picked up without a nudge", async () => {
    const s = await seedSender();
    pipeline = new MessagePipeline({ pollIntervalMs: 50, sandboxDelayMs: 0, organizationId: s.organizationId });
    const { messageId } = (await api.send(s.testKey, { to: "+14155550123", body: "polled" })).json;
    pipeline.start();
    await waitFor(async () => (await statusOf(messageId)) === "DELIVERED", 5_000);
  });

  it("pauses between full rounds while a backlog lasts, never after the last one", async () => {
    const s = await seedSender();
    await queueTwelve(s.organizationId);
    const pauses: number[] = [];
    const run = (yieldMs: number) =>
      new MessagePipeline({
        pollIntervalMs: 60_000,
        sandboxDelayMs: 60_000,
        batchSize: 5,
        yieldMs,
        pause: async (ms) => void pauses.push(ms),
        organizationId: s.organizationId,
      }).runOnce();
    // Rounds of 5, 5 and 2: a pause after each full one.
    await run(7);
    expect(pauses).toEqual([7, 7]);
    expect(await sentCount(s.organizationId)).toBe(12);

    await queueTwelve(s.organizationId);
    pauses.length = 0;
    await run(0);
    expect(pauses).toEqual([]);
    expect(await sentCount(s.organizationId)).toBe(24);
  });

  it("while the API is busy, pauses in proportion to its rounds; each round asks about its own span", async () => {
    const s = await seedSender();
    await queueTwelve(s.organizationId);
    const pauses: number[] = [];
    const asked: number[] = [];
    let marks = 0;
    await new MessagePipeline({
      pollIntervalMs: 60_000,
      sandboxDelayMs: 60_000,
      batchSize: 5,
      yieldMs: 0,
      // A tenth of the time: nine times each round (a round reads and writes the database, > 0 ms).
      busyShare: 0.1,
      apiBusy: { mark: () => ++marks, since: (mark) => (asked.push(mark), true) },
      pause: async (ms) => void pauses.push(ms),
      organizationId: s.organizationId,
    }).runOnce();
    expect(asked).toEqual([1, 2]);
    expect(pauses).toHaveLength(2);
    for (const ms of pauses) expect(ms).toBeGreaterThan(0);
    expect(await sentCount(s.organizationId)).toBe(12);
  });

  it("while the due-scan works off a backlog (pipelineGiveWay), paces as while the API is busy, and not after", async () => {
    const s = await seedSender();
    const pauses: number[] = [];
    const run = () =>
      new MessagePipeline({
        pollIntervalMs: 60_000,
        sandboxDelayMs: 60_000,
        batchSize: 5,
        yieldMs: 0,
        busyShare: 0.1,
        apiBusy: { mark: () => 0, since: () => false },
        pause: async (ms) => void pauses.push(ms),
        organizationId: s.organizationId,
      }).runOnce();
    try {
      pipelineGiveWay(60_000);
      await queueTwelve(s.organizationId);
      await run();
      expect(pauses).toHaveLength(2);
      for (const ms of pauses) expect(ms).toBeGreaterThan(0);
    } finally {
      pipelineGiveWay(0);
    }
    // Given back: the API is idle, so only the yield (0) between full rounds.
    pauses.length = 0;
    await queueTwelve(s.organizationId);
    await run();
    expect(pauses).toEqual([]);
    expect(await sentCount(s.organizationId)).toBe(24);
  });
});
