// Shutdown gives back deliveries whose attempt did not answer in time, so another instance makes
// them at once instead of after the lease; a delivery whose outcome was recorded stays as it is.
import { SYSTEM_ACTOR } from "../../audit/actor";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { resetEnvForTests } from "../../env";
import { newId } from "../../ids";
import { waitFor } from "../../test/crash";
import { seedSender } from "../../test/messaging";
import { startReceiver } from "../../test/receiver";
import { createWebhook } from "../create-webhook";
import { releaseDeliveries } from "./release";
import { WebhookWorker } from "./worker";

process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
resetEnvForTests();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let letGo!: () => void;
const hanging = new Promise<void>((resolve) => (letGo = resolve));
beforeAll(async () => {
  receiver = await startReceiver(async (req, res) => {
    if (req.path.endsWith("/hang")) await hanging;
    if (!res.destroyed) res.writeHead(200).end("ok");
  });
});
afterAll(async () => {
  letGo();
  await receiver.close();
});

/** Two webhooks of the organization and one event: one delivery each. */
async function twoDeliveries(organizationId: string) {
  const hook = (path: string) =>
    createWebhook(
      getDb(),
      organizationId,
      {
        name: path,
        url: receiver.url(`/${organizationId}/${path}`),
        events: ["otp.sent"],
      },
      SYSTEM_ACTOR,
    );
  const slow = await hook("hang");
  const fast = await hook("fast");
  await getDb().outboxEvent.create({
    data: { id: newId("evt"), organizationId, type: "otp.sent", payload: {}, occurredAt: new Date() },
  });
  return { slow, fast };
}

const deliveryOf = (webhookId: string) => getDb().webhookDelivery.findFirstOrThrow({ where: { webhookId } });

describe("releasing webhook deliveries at shutdown", () => {
  it("releases the attempt still waiting for its answer and not the one that answered", async () => {
    const s = await seedSender();
    const { slow, fast } = await twoDeliveries(s.organizationId);
    const worker = new WebhookWorker({ pollIntervalMs: 20, organizationId: s.organizationId });
    worker.start();
    const succeeded = async (webhookId: string) =>
      (await getDb().webhookDelivery.findFirst({ where: { webhookId } }))?.status === "SUCCEEDED";
    await waitFor(() => succeeded(fast.id), 10_000);
    await waitFor(async () => receiver.received.some((r) => r.path.endsWith(`${s.organizationId}/hang`)), 10_000);

    await worker.stop(50);
    const unanswered = worker.unansweredClaims();
    expect(unanswered.map((c) => c.id)).toEqual([(await deliveryOf(slow.id)).id]);
    // The answered one is no longer leased: releasing it too would change nothing.
    const fastRow = await deliveryOf(fast.id);
    expect(
      await releaseDeliveries([
        ...unanswered,
        { organizationId: fastRow.organizationId, id: fastRow.id, lease: new Date() },
      ]),
    ).toBe(1);

    const released = await deliveryOf(slow.id);
    expect(released).toMatchObject({ status: "PENDING", lockedUntil: null, attemptCount: 1 });
    expect(await deliveryOf(fast.id)).toMatchObject({ status: "SUCCEEDED", attemptCount: 1 });

    // Another instance takes it at once (no lease to wait for) and makes the next attempt.
    letGo();
    const next = new WebhookWorker({ pollIntervalMs: 20, organizationId: s.organizationId });
    next.start();
    try {
      await waitFor(() => succeeded(slow.id), 10_000);
    } finally {
      await next.stop(1000);
    }
    expect((await deliveryOf(slow.id)).attemptCount).toBe(2);
  });
});
