// Fan-out from the outbox and first attempts, against real HTTP receivers on 127.0.0.1.
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../db/client";
import { resetEnvForTests } from "../../env";
import { newId } from "../../ids";
import { api, runPipeline, seedSender } from "../../test/messaging";
import { startReceiver } from "../../test/receiver";
import { createWebhook } from "../create-webhook";
import { deliverDueOnce } from "./deliver-due-once";
import { GONE_REASON } from "./record-outcomes";
import { USER_AGENT } from "./send-attempt";
import { SYSTEM_ACTOR } from "../../audit/actor";

process.env.WEBHOOK_ALLOW_PRIVATE_URLS = "true";
resetEnvForTests();

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
});

const sign = (secret: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(Buffer.from(body, "utf8")).digest("hex")}`;

async function hook(organizationId: string, events: string[], path: string) {
  return createWebhook(
    getDb(),
    organizationId,
    { name: path, url: receiver.url(path), events: events as never, secret: "whsec_delivery-test-0123456789" },
    SYSTEM_ACTOR,
  );
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);

describe("fan-out and first attempts", () => {
  it("delivers each subscribed event once per webhook, by canonical name, alias or *, signed", async () => {
    const s = await seedSender();
    const tag = s.organizationId;
    const canonical = await hook(s.organizationId, ["message.delivered"], `/${tag}/canonical`);
    await hook(s.organizationId, ["sms.delivered"], `/${tag}/alias`);
    await hook(s.organizationId, ["*"], `/${tag}/all`);
    await hook(s.organizationId, ["otp.sent"], `/${tag}/otp`);
    const off = await hook(s.organizationId, ["*"], `/${tag}/off`);
    await getDb().webhook.updateMany({ where: { id: off.id }, data: { isActive: false } });

    const { messageId } = (await api.send(s.testKey, { to: "+14155550123", body: "hi" })).json;
    await runPipeline(s.organizationId);
    await deliverDueOnce({ organizationId: s.organizationId });

    expect(at(`/${tag}/all`).map((r) => JSON.parse(r.body).event)).toEqual(
      expect.arrayContaining(["message.queued", "message.sent", "message.delivered"]),
    );
    expect(at(`/${tag}/all`)).toHaveLength(3);
    expect(at(`/${tag}/otp`)).toHaveLength(0);
    expect(at(`/${tag}/off`)).toHaveLength(0);
    expect(at(`/${tag}/alias`).map((r) => JSON.parse(r.body).event)).toEqual(["sms.delivered"]);

    const [got] = at(`/${tag}/canonical`);
    expect(got).toBeDefined();
    const envelope = JSON.parse(got!.body);
    expect(Object.keys(envelope).sort()).toEqual(["event", "id", "payload", "timestamp"]);
    expect(envelope).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      event: "message.delivered",
      timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      payload: { messageId, to: "+14155550123", from: "SG", status: "DELIVERED", deliveredAt: expect.any(String) },
    });
    expect(got!.headers).toMatchObject({
      "content-type": "application/json",
      "user-agent": USER_AGENT,
      "x-webhook-id": envelope.id,
      "x-webhook-signature": sign(canonical.secret!, got!.body),
    });
    expect(Math.abs(Number(got!.headers["x-webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
    // The same event reached the alias webhook with the same id.
    expect(JSON.parse(at(`/${tag}/alias`)[0]!.body).id).toBe(envelope.id);

    // Nothing is delivered twice: a second round finds no work.
    await deliverDueOnce({ organizationId: s.organizationId });
    expect(at(`/${tag}/all`)).toHaveLength(3);
  });

  it("sends unicode payloads byte for byte, and the signature covers exactly those bytes", async () => {
    const s = await seedSender();
    const w = await hook(s.organizationId, ["*"], `/${s.organizationId}/unicode`);
    const text = 'héllo 😀 日本語 e\u0301 \u2028 "quoted" \\ back';
    await getDb().outboxEvent.create({
      data: { id: newId("evt"), organizationId: s.organizationId, type: "otp.sent", payload: { text } },
    });
    await deliverDueOnce({ organizationId: s.organizationId });
    const [got] = at(`/${s.organizationId}/unicode`);
    expect(JSON.parse(got!.body).payload.text).toBe(text);
    expect(got!.headers["x-webhook-signature"]).toBe(sign(w.secret!, got!.body));
    const stored = await getDb().webhookDelivery.findFirstOrThrow({ where: { webhookId: w.id } });
    expect(Buffer.from(stored.body, "utf8").equals(Buffer.from(got!.body, "utf8"))).toBe(true);
  });

  it("judges every status class: 2xx succeeds, 3xx is not followed, 4xx/5xx retry, 410 disables", async () => {
    const s = await seedSender();
    const statuses = [200, 204, 301, 404, 500, 410];
    const hooks = [];
    for (const status of statuses)
      hooks.push(await hook(s.organizationId, ["otp.sent"], `/${s.organizationId}/s${status}`));
    receiver.respondWith((req, res) => {
      const status = Number(/\/s(\d+)$/.exec(req.path)?.[1] ?? 200);
      res
        .writeHead(status, status === 301 ? { location: receiver.url(`/${s.organizationId}/redirected`) } : {})
        .end(`status ${status}`);
    });
    try {
      await getDb().outboxEvent.create({
        data: { id: newId("evt"), organizationId: s.organizationId, type: "otp.sent", payload: { n: 1 } },
      });
      const before = Date.now();
      await deliverDueOnce({ organizationId: s.organizationId });
      const rows = await getDb().webhookDelivery.findMany({
        where: { organizationId: s.organizationId },
        include: { attempts: true, webhook: true },
      });
      const byStatus = new Map(rows.map((r) => [Number(/\/s(\d+)$/.exec(r.webhook.url)![1]), r]));
      expect(byStatus.get(200)!.status).toBe("SUCCEEDED");
      expect(byStatus.get(204)!.status).toBe("SUCCEEDED");
      for (const failing of [301, 404, 500]) {
        const d = byStatus.get(failing)!;
        expect(d.status, String(failing)).toBe("RETRYING");
        expect(d.lastStatusCode).toBe(failing);
        expect(d.nextAttemptAt!.getTime() - before).toBeGreaterThanOrEqual(59_000);
        expect(d.nextAttemptAt!.getTime() - before).toBeLessThan(70_000);
        expect(d.attempts[0]).toMatchObject({ attempt: 1, statusCode: failing, responseBody: `status ${failing}` });
      }
      expect(at(`/${s.organizationId}/redirected`)).toHaveLength(0);
      const gone = byStatus.get(410)!;
      expect(gone.status).toBe("FAILED");
      expect(gone.webhook).toMatchObject({ isActive: false, disabledReason: GONE_REASON });
      // Each failing delivery has its retry job; the succeeded and the 410 ones have none.
      const jobs = await getDb().job.findMany({ where: { functionId: "retry-webhook-delivery" } });
      const scheduled = new Set(jobs.map((j) => (j.data as { event: { deliveryId: string } }).event.deliveryId));
      for (const failing of [301, 404, 500]) expect(scheduled.has(byStatus.get(failing)!.id)).toBe(true);
      expect(scheduled.has(byStatus.get(200)!.id)).toBe(false);
      expect(scheduled.has(gone.id)).toBe(false);
    } finally {
      receiver.respondWith((_req, res) => res.writeHead(200).end("ok"));
    }
  });

  it("never makes the same attempt twice when workers race", async () => {
    const s = await seedSender();
    await hook(s.organizationId, ["*"], `/${s.organizationId}/race`);
    await api.bulk(s.testKey, { messages: Array.from({ length: 30 }, () => ({ to: "+14155550123", body: "x" })) });
    await Promise.all([
      deliverDueOnce({ organizationId: s.organizationId }),
      deliverDueOnce({ organizationId: s.organizationId }),
      deliverDueOnce({ organizationId: s.organizationId }),
    ]);
    await deliverDueOnce({ organizationId: s.organizationId });
    const ids = at(`/${s.organizationId}/race`).map((r) => JSON.parse(r.body).id as string);
    expect(ids).toHaveLength(30);
    expect(new Set(ids).size).toBe(30);
  });
});
