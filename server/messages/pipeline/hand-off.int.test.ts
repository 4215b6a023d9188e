// The hand-off stage with carriers that refuse, throttle or throw (the sandbox never does).
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { newId } from "../../ids";
import type { Carrier, OutboundMessage, SubmitResult } from "../../carriers/types";
import { seedOrganization } from "../../test/seed";
import { insertMessages } from "../insert-messages";
import { handOffQueued, MAX_HANDOFF_ATTEMPTS, retryDelayMs } from "./hand-off";

async function queue(count: number, environment: "live" | "test" = "live") {
  const { organizationId } = await seedOrganization();
  const ids = Array.from({ length: count }, () => newId("msg"));
  await insertMessages(
    null,
    ids.map((id) => ({
      id,
      organizationId,
      apiKeyId: null,
      batchId: null,
      otpId: null,
      environment,
      to: "+14155550123",
      from: "SG",
      body: "hand-off",
      segments: 1,
      encoding: "GSM-7",
    })),
    new Date(),
  );
  return { organizationId, ids };
}

/** A carrier answering `answer(message)`, recording what it was given; only for `live`. */
function fakeCarrier(answer: (m: OutboundMessage) => SubmitResult | undefined | "throw") {
  const seen: OutboundMessage[] = [];
  const carrier: Carrier = {
    name: "fake",
    async submit(messages) {
      seen.push(...messages);
      const results = messages.map(answer);
      if (results.includes("throw")) throw new Error("connection reset");
      return results.filter((r): r is SubmitResult => r !== undefined && r !== "throw");
    },
  };
  return { carriers: (env: "live" | "test") => (env === "live" ? carrier : null), seen };
}

const mine = (ids: string[]) => ({ id: { in: ids } });

describe("hand-off", () => {
  it("records accepted (SENT with the provider id) and rejected (FAILED with the code) outcomes", async () => {
    const { ids, organizationId } = await queue(2);
    const { carriers } = fakeCarrier((m) =>
      m.id === ids[0]
        ? { messageId: m.id, outcome: "accepted", providerMessageId: `prov-${m.id}` }
        : { messageId: m.id, outcome: "rejected", errorCode: "invalid_number", errorMessage: "No such number" },
    );
    while ((await handOffQueued({ carriers, organizationId })) > 0);
    const rows = await getDb().message.findMany({ where: mine(ids), orderBy: { id: "asc" } });
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(ids[0]!)).toMatchObject({ status: "SENT", provider: "fake", providerMessageId: `prov-${ids[0]}` });
    expect(byId.get(ids[1]!)).toMatchObject({ status: "FAILED", errorCode: "invalid_number", provider: "fake" });
    expect(byId.get(ids[1]!)!.failedAt).not.toBeNull();
  });

  it("keeps retryable, unanswered and thrown batches queued, due again after the backoff", async () => {
    const { ids, organizationId } = await queue(3);
    const t0 = new Date(Date.now() + 1000);
    const retry = fakeCarrier((m) =>
      m.id === ids[0]
        ? { messageId: m.id, outcome: "retry", errorMessage: "throttled", retryAfterMs: 2000 }
        : undefined,
    );
    await handOffQueued({ carriers: retry.carriers, now: () => t0, organizationId });
    const rows = await getDb().message.findMany({ where: mine(ids) });
    expect(rows.every((r) => r.status === "QUEUED" && r.lockedUntil === null && r.attempts === 1)).toBe(true);
    const due = new Map(rows.map((r) => [r.id, r.nextAttemptAt.getTime() - t0.getTime()]));
    expect(due.get(ids[0]!)).toBe(2000);
    expect(due.get(ids[1]!)).toBe(retryDelayMs(1));

    // Not due yet: nothing is handed over again.
    const thrower = fakeCarrier(() => "throw");
    await handOffQueued({ carriers: thrower.carriers, now: () => new Date(t0.getTime() + 1000), organizationId });
    expect(thrower.seen.filter((m) => ids.includes(m.id))).toHaveLength(0);
    const t1 = new Date(t0.getTime() + retryDelayMs(1) + 1);
    await handOffQueued({ carriers: thrower.carriers, now: () => t1, organizationId });
    // A batch that throws whatever part of it is offered (server/isolation/): all of it stays queued.
    const offered = thrower.seen.filter((m) => ids.includes(m.id));
    expect(new Set(offered.map((m) => m.id))).toEqual(new Set(ids));
    expect(new Set(offered.map((m) => m.attempt))).toEqual(new Set([2]));
    expect(await getDb().message.count({ where: { ...mine(ids), status: "QUEUED" } })).toBe(3);
  });

  it(`fails a message for good after ${MAX_HANDOFF_ATTEMPTS} retryable refusals`, async () => {
    const { ids, organizationId } = await queue(1);
    await getDb().message.updateMany({ where: { id: ids[0] }, data: { attempts: MAX_HANDOFF_ATTEMPTS - 1 } });
    const { carriers } = fakeCarrier((m) => ({ messageId: m.id, outcome: "retry", errorMessage: "SMSC down" }));
    await handOffQueued({ carriers, now: () => new Date(Date.now() + 1000), organizationId });
    expect(await getDb().message.findFirstOrThrow({ where: { id: ids[0] } })).toMatchObject({
      status: "FAILED",
      errorCode: "carrier_unavailable",
      errorMessage: expect.stringContaining("SMSC down"),
    });
  });

  it("leaves messages of an environment without a carrier in the queue", async () => {
    const { ids, organizationId } = await queue(1, "live");
    await handOffQueued({ carriers: () => null, now: () => new Date(Date.now() + 1000), organizationId });
    expect(await getDb().message.findFirstOrThrow({ where: { id: ids[0] } })).toMatchObject({
      status: "QUEUED",
      attempts: 1,
      lockedUntil: null,
    });
  });
});
