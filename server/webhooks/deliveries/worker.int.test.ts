// The worker as the server runs it: a slow endpoint must not hold up the others.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { resetEnvForTests } from "../../env";
import { newId } from "../../ids";
import { waitFor } from "../../test/crash";
import { seedSender } from "../../test/messaging";
import { startReceiver } from "../../test/receiver";
import { createWebhook } from "../create-webhook";
import { WebhookWorker } from "./worker";
import { SYSTEM_ACTOR } from "../../audit/actor";

process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
resetEnvForTests();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
let worker: WebhookWorker | undefined;
// The slow endpoint answers only once released, not after a fixed delay: however busy the machine,
// the fast endpoint's deliveries must all finish while the slow one's are still waiting.
const slowWaiting: (() => void)[] = [];
const releaseSlow = () => slowWaiting.splice(0).forEach((answer) => answer());
beforeAll(async () => {
  receiver = await startReceiver(async (req, res) => {
    if (req.path.endsWith("/slow")) await new Promise<void>((answer) => slowWaiting.push(answer));
    if (!res.destroyed) res.writeHead(200).end("ok");
  });
});
afterEach(async () => {
  await worker?.stop(100);
  worker = undefined;
  releaseSlow();
});
afterAll(async () => {
  releaseSlow();
  await receiver.close();
});

describe("WebhookWorker", () => {
  it("delivers to a fast endpoint at once while a slow one holds only its own slots", async () => {
    const s = await seedSender();
    const slow = await createWebhook(
      getDb(),
      s.organizationId,
      {
        name: "slow",
        url: receiver.url(`/${s.organizationId}/slow`),
        events: ["otp.sent"],
      },
      SYSTEM_ACTOR,
    );
    const fast = await createWebhook(
      getDb(),
      s.organizationId,
      {
        name: "fast",
        url: receiver.url(`/${s.organizationId}/fast`),
        events: ["otp.sent"],
      },
      SYSTEM_ACTOR,
    );
    // 40 events, each for both webhooks: the slow endpoint alone could fill a small worker.
    await getDb().outboxEvent.createMany({
      data: Array.from({ length: 40 }, (_, i) => ({
        id: newId("evt"),
        organizationId: s.organizationId,
        type: "otp.sent",
        payload: { i },
        occurredAt: new Date(Date.now() - 1000 + i),
      })),
    });
    worker = new WebhookWorker({
      pollIntervalMs: 20,
      maxInFlight: 16,
      perWebhook: 4,
      organizationId: s.organizationId,
    });
    worker.start();
    await waitFor(
      async () => (await getDb().webhookDelivery.count({ where: { webhookId: fast.id, status: "SUCCEEDED" } })) === 40,
      20_000,
    );
    // Meanwhile the slow endpoint has at most its 4 slots in flight and nothing finished yet.
    const slowDone = await getDb().webhookDelivery.count({ where: { webhookId: slow.id, status: "SUCCEEDED" } });
    expect(slowDone).toBe(0);
    const inFlight = receiver.received.filter((r) => r.path.endsWith(`${s.organizationId}/slow`)).length;
    expect(inFlight).toBeGreaterThan(0);
    expect(inFlight).toBeLessThanOrEqual(4);
  });
});
