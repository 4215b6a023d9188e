// Issue 37 §2: one delivery's fault never holds up another's. The relay turns every organization's
// events into deliveries in one statement: an event it cannot relay (here: its delivery cannot be
// written) is set aside and the others are relayed in the same round. A delivery whose attempt
// throws (a fault of the code, not an HTTP failure), or whose outcome cannot be written, ends FAILED with the
// reason and error reference in its log; the others are delivered and recorded as usual.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "../../db/client";
import { resetEnvForTests } from "../../env";
import { newId } from "../../ids";
import { logger } from "../../logger";
import { SYSTEM_ACTOR } from "../../audit/actor";
import { seedOrganization } from "../../test/seed";
import { startReceiver } from "../../test/receiver";
import { loggedSetAside, poisonRows } from "../../test/isolation";
import { createWebhook } from "../create-webhook";
import { relayOutboxEvents } from "../relay";
import { deliverDueOnce } from "./deliver-due-once";
import * as sending from "./send-attempt";

process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
resetEnvForTests();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  // The job registry, which recording a failed attempt loads (lazily) inside its transaction.
  await import("../../jobs/functions");
});
afterAll(() => receiver.close());
afterEach(() => vi.restoreAllMocks());

async function organizationWithHook(path: string) {
  const { organizationId } = await seedOrganization("owner");
  const webhook = await createWebhook(
    getDb(),
    organizationId,
    { name: path, url: receiver.url(path), events: ["*"], secret: "whsec_isolation-test-0123456789" },
    SYSTEM_ACTOR,
  );
  return { organizationId, webhookId: webhook.id };
}

/** Outbox events older than any other test's, so a relay of every organization takes these first. */
async function events(organizationId: string, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => newId("evt"));
  await getDb().outboxEvent.createMany({
    data: ids.map((id, i) => ({
      id,
      organizationId,
      type: "webhook.test",
      payload: { n: i },
      occurredAt: new Date(Date.UTC(2000, 0, 1, 0, 0, i)),
    })),
  });
  return ids;
}

const deliveriesOf = (eventIds: string[]) => getDb().webhookDelivery.findMany({ where: { eventId: { in: eventIds } } });

describe("webhooks set a failing item aside", () => {
  it("the relay: an event it cannot relay is set aside; the other events of both organizations get their deliveries", async () => {
    vi.spyOn(logger, "error");
    const a = await organizationWithHook("/isolation/relay-a");
    const b = await organizationWithHook("/isolation/relay-b");
    const [bad, ...good] = await events(a.organizationId, 3);
    const others = await events(b.organizationId, 2);
    const cure = await poisonRows("webhook_deliveries", "INSERT", `NEW.event_id = '${bad}'`);
    try {
      expect(await relayOutboxEvents(new Date(), 5)).toEqual({ events: 5, deliveries: 4 });
    } finally {
      await cure();
    }
    expect((await deliveriesOf([...good!, ...others])).map((d) => d.status)).toEqual(Array(4).fill("PENDING"));
    expect(await deliveriesOf([bad!])).toEqual([]);
    const setAside = await getDb().outboxEvent.findFirstOrThrow({ where: { id: bad! } });
    expect(setAside.dispatchedAt).not.toBeNull();
    const logged = vi
      .mocked(logger.error)
      .mock.calls.map(([, f]) => f)
      .find((f) => f?.id === bad);
    expect(logged).toMatchObject({
      runner: "webhook-relay",
      organizationId: a.organizationId,
      stack: expect.any(String),
    });
  });

  it("an attempt that throws, and an outcome that cannot be written: FAILED with the reason; the others are delivered", async () => {
    vi.spyOn(logger, "error");
    const a = await organizationWithHook("/isolation/attempt-a");
    const broken = await createWebhook(
      getDb(),
      a.organizationId,
      {
        name: "broken",
        url: receiver.url("/isolation/broken"),
        events: ["*"],
        secret: "whsec_isolation-test-9876543210",
      },
      SYSTEM_ACTOR,
    );
    // An attempt that throws on its own account (sendAttempt answers every HTTP failure as a result).
    const send = sending.sendAttempt;
    vi.spyOn(sending, "sendAttempt").mockImplementation(async (target, now) => {
      if (target.url.endsWith("/isolation/broken")) throw new TypeError("Cannot read properties of undefined");
      return send(target, now);
    });
    const b = await organizationWithHook("/isolation/attempt-b");
    const [eventA] = await events(a.organizationId, 1);
    const [eventB, unrecordable] = await events(b.organizationId, 2);
    expect(await relayOutboxEvents(new Date(), 3)).toMatchObject({ events: 3, deliveries: 4 });

    const [blocked] = await getDb().webhookDelivery.findMany({ where: { eventId: unrecordable } });
    const cure = await poisonRows(
      "webhook_deliveries",
      "UPDATE",
      `NEW.id = '${blocked!.id}' AND NEW.status = 'SUCCEEDED'`,
    );
    try {
      await deliverDueOnce({ organizationId: a.organizationId });
      await deliverDueOnce({ organizationId: b.organizationId });
    } finally {
      await cure();
    }
    const byWebhook = async (eventId: string, webhookId: string) =>
      getDb().webhookDelivery.findFirstOrThrow({ where: { eventId, webhookId } });
    expect(await byWebhook(eventA!, a.webhookId)).toMatchObject({ status: "SUCCEEDED" });
    expect(await byWebhook(eventB!, b.webhookId)).toMatchObject({ status: "SUCCEEDED" });
    for (const failed of [await byWebhook(eventA!, broken.id), await byWebhook(unrecordable!, b.webhookId)]) {
      expect(failed).toMatchObject({ status: "FAILED", lockedUntil: null });
      expect(failed.lastError).toMatch(/^An internal error stopped this delivery: .* \(error reference err_\w+\)$/);
      const reference = /err_\w+/.exec(failed.lastError!)![0];
      expect(loggedSetAside(reference)).toMatchObject({ kind: "delivery", id: failed.id, stack: expect.any(String) });
    }
  });
});
