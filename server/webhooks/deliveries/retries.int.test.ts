// The retry schedule (contract §6) with a controlled clock on the embedded runner, and the same
// function on Inngest (@inngest/test), against a real endpoint that always fails.
import { InngestTestEngine } from "@inngest/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { resetEnvForTests } from "../../env";
import { newId } from "../../ids";
import { runDueJobsOnce } from "../../jobs/embedded/runner";
import { retryWebhookDeliveryJob } from "../../jobs/functions/retry-webhook-delivery";
import { toInngestFunction } from "../../jobs/inngest-functions";
import { seedSender } from "../../test/messaging";
import { startReceiver } from "../../test/receiver";
import { createWebhook } from "../create-webhook";
import { deleteWebhook, updateWebhook } from "../update-webhook";
import { deliverDueOnce } from "./deliver-due-once";
import { redeliver } from "./redeliver";
import { RETRY_DELAYS_MS } from "@/schemas/webhooks";
import { SYSTEM_ACTOR } from "../../audit/actor";

process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
resetEnvForTests();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver((req, res) => {
    res.writeHead(req.path.endsWith("/ok") ? 200 : 503).end("down for maintenance");
  });
});
afterAll(async () => {
  await receiver.close();
});

const at = (path: string) => receiver.received.filter((r) => r.path === path);

/** A webhook to `path`, one event, and its first (failed) attempt. */
async function failedOnce(path: string) {
  const s = await seedSender();
  const webhook = await createWebhook(
    getDb(),
    s.organizationId,
    { name: "w", url: receiver.url(path), events: ["*"] },
    SYSTEM_ACTOR,
  );
  await getDb().outboxEvent.create({
    data: { id: newId("evt"), organizationId: s.organizationId, type: "otp.sent", payload: { n: 1 } },
  });
  const t0 = new Date();
  await deliverDueOnce({ organizationId: s.organizationId, now: t0 });
  const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { webhookId: webhook.id } });
  return { s, webhook, delivery, t0 };
}

const runRetries = (now: Date) => runDueJobsOnce(getDb(), now, { jobs: [retryWebhookDeliveryJob], batchSize: 1000 });

describe("retries on the embedded runner", () => {
  it("retries after 1 min, 5 min, 30 min, 2 h and 24 h, then fails: exactly 6 requests", async () => {
    const path = `/${newId("wh")}/down`;
    const { delivery, t0 } = await failedOnce(path);
    expect(delivery.status).toBe("RETRYING");
    expect(at(path)).toHaveLength(1);

    // The job was written with the first attempt; it starts (and goes to sleep) at its first run.
    let clock = t0.getTime() + 1000;
    await runRetries(new Date(clock));
    for (const [i, delay] of RETRY_DELAYS_MS.entries()) {
      await runRetries(new Date(clock + delay - 1000));
      expect(at(path), `not before retry ${i + 1} is due`).toHaveLength(i + 1);
      clock += delay;
      await runRetries(new Date(clock));
      expect(at(path), `retry ${i + 1}`).toHaveLength(i + 2);
    }
    await runRetries(new Date(clock + 7 * 24 * 3_600_000));
    expect(at(path)).toHaveLength(6);
    const done = await getDb().webhookDelivery.findFirstOrThrow({
      where: { id: delivery.id },
      include: { attempts: true },
    });
    expect(done.status).toBe("FAILED");
    expect(done.attempts.map((a) => a.attempt).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(done.attempts.every((a) => a.statusCode === 503 && a.error?.includes("503"))).toBe(true);
    // The same event id and the same bytes on every attempt.
    expect(new Set(at(path).map((r) => r.headers["x-webhook-id"])).size).toBe(1);
    expect(new Set(at(path).map((r) => r.body)).size).toBe(1);
  });

  it("stops when the webhook is disabled, and when it is deleted", async () => {
    const disabledPath = `/${newId("wh")}/disabled`;
    const a = await failedOnce(disabledPath);
    await runRetries(new Date(a.t0.getTime() + 1000));
    await updateWebhook(getDb(), a.s.organizationId, a.webhook.id, { isActive: false }, SYSTEM_ACTOR);
    await runRetries(new Date(a.t0.getTime() + RETRY_DELAYS_MS[0] + 2000));
    expect(at(disabledPath)).toHaveLength(1);
    expect((await getDb().webhookDelivery.findFirstOrThrow({ where: { id: a.delivery.id } })).status).toBe("FAILED");

    const deletedPath = `/${newId("wh")}/deleted`;
    const b = await failedOnce(deletedPath);
    await runRetries(new Date(b.t0.getTime() + 1000));
    await deleteWebhook(getDb(), b.s.organizationId, b.webhook.id, SYSTEM_ACTOR);
    const summary = await runRetries(new Date(b.t0.getTime() + RETRY_DELAYS_MS[0] + 2000));
    expect(at(deletedPath)).toHaveLength(1);
    expect(summary.outcomes.every((o) => o.outcome !== "failed")).toBe(true);
  });

  it("recovers when the endpoint comes back, and a redeliver sends the same event again", async () => {
    const path = `/${newId("wh")}/flaky`;
    const { s, webhook, delivery, t0 } = await failedOnce(path);
    await runRetries(new Date(t0.getTime() + 1000));
    receiver.respondWith((_req, res) => res.writeHead(200).end("ok"));
    try {
      await runRetries(new Date(t0.getTime() + RETRY_DELAYS_MS[0] + 2000));
      expect(at(path)).toHaveLength(2);
      expect((await getDb().webhookDelivery.findFirstOrThrow({ where: { id: delivery.id } })).status).toBe("SUCCEEDED");

      await redeliver(getDb(), s.organizationId, webhook.id, delivery.id, SYSTEM_ACTOR);
      await deliverDueOnce({ organizationId: s.organizationId });
      expect(at(path)).toHaveLength(3);
      expect(at(path)[2]!.body).toBe(at(path)[0]!.body);
      const after = await getDb().webhookDelivery.findFirstOrThrow({
        where: { id: delivery.id },
        include: { attempts: true },
      });
      expect(after).toMatchObject({ status: "SUCCEEDED", round: 1 });
      expect(after.attempts.map((x) => x.attempt).sort()).toEqual([1, 2, 3]);
    } finally {
      receiver.respondWith((req, res) =>
        res.writeHead(req.path.endsWith("/ok") ? 200 : 503).end("down for maintenance"),
      );
    }
  });
});

describe("retries on Inngest", () => {
  it("runs the same function: 5 retries with the contract's sleeps, one request each, then FAILED", async () => {
    const path = `/${newId("wh")}/inngest`;
    const { delivery } = await failedOnce(path);
    const t = new InngestTestEngine({ function: toInngestFunction(retryWebhookDeliveryJob) });
    const sleeps = [2, 3, 4, 5, 6].map((n) => ({ id: `wait-before-attempt-${n}`, handler: () => undefined }));
    const { result, error, ctx } = await t.execute({
      events: [{ name: "webhook/delivery.failed", data: { deliveryId: delivery.id, round: 0, attempt: 1 } }],
      steps: sleeps,
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ attempts: 6, status: "FAILED" });
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(1, "wait-before-attempt-2", RETRY_DELAYS_MS[0]);
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(5, "wait-before-attempt-6", RETRY_DELAYS_MS[4]);
    // Failed HTTP attempts are results, not thrown errors: Inngest's step retries add no requests.
    expect(at(path)).toHaveLength(6);
    expect((await getDb().webhookDelivery.findFirstOrThrow({ where: { id: delivery.id } })).status).toBe("FAILED");
  });
});

describe("WEBHOOK_RETRY_DELAY_SCALE (tests and the chaos run)", () => {
  it("multiplies every wait of the schedule: 0.01 gives 0.6 s, 3 s, 18 s, 72 s and 864 s", async () => {
    process.env.WEBHOOK_RETRY_DELAY_SCALE = "0.01";
    resetEnvForTests();
    try {
      const path = `/${newId("wh")}/scaled`;
      const before = Date.now();
      const { delivery } = await failedOnce(path);
      const scaled = RETRY_DELAYS_MS.map((d) => d / 100);
      expect(delivery.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before + scaled[0]!);
      expect(delivery.nextAttemptAt!.getTime()).toBeLessThanOrEqual(Date.now() + scaled[0]!);

      // The job goes to sleep at its first run; each retry is due exactly one scaled delay later.
      let clock = Date.now() + 1000;
      await runRetries(new Date(clock));
      for (const [i, delay] of scaled.entries()) {
        await runRetries(new Date(clock + delay - 1));
        expect(at(path), `not before retry ${i + 1} is due`).toHaveLength(i + 1);
        clock += delay;
        await runRetries(new Date(clock));
        expect(at(path), `retry ${i + 1}`).toHaveLength(i + 2);
      }
      expect((await getDb().webhookDelivery.findFirstOrThrow({ where: { id: delivery.id } })).status).toBe("FAILED");
    } finally {
      delete process.env.WEBHOOK_RETRY_DELAY_SCALE;
      resetEnvForTests();
    }
  });
});
