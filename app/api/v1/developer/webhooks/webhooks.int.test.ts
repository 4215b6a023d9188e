// Webhook management over the real routes (contract §6), against a real receiver on 127.0.0.1.
import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { resetEnvForTests } from "@/server/env";
import { newId } from "@/server/ids";
import { call, expectError } from "@/server/test/http";
import { api, runPipeline, seedSender } from "@/server/test/messaging";
import { deliverDueOnce } from "@/server/webhooks/deliveries/deliver-due-once";
import { seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { startReceiver } from "@/server/test/receiver";
import * as list from "./route";
import * as byId from "./[id]/route";
import * as test from "./[id]/test/route";
import * as deliveries from "./[id]/deliveries/route";
import * as redeliver from "./[id]/deliveries/[deliveryId]/redeliver/route";
import * as revealSecret from "./[id]/reveal-secret/route";

const base = "/api/v1/developer/webhooks";
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let owner: SeededMember;

function allowPrivate(on: boolean) {
  process.env.WEBHOOK_ALLOW_PRIVATE_URLS = on ? "true" : "false";
  resetEnvForTests();
}

beforeAll(async () => {
  allowPrivate(true);
  receiver = await startReceiver((req, res) => res.writeHead(req.path.endsWith("/fail") ? 500 : 200).end("thanks"));
  owner = await seedOrganization("owner");
});
afterEach(() => allowPrivate(true));
afterAll(async () => {
  await receiver.close();
});

const create = (body: unknown, token = owner.accessToken) => call(list.POST, base, { token, body });
const get = (id: string, token = owner.accessToken) => call(byId.GET, `${base}/${id}`, { token, params: { id } });

describe("create, read, update, delete", () => {
  it("creates with the given secret, shown once in the answer, never again", async () => {
    const secret = "whsec_0a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P";
    const res = await create({
      name: "Orders",
      url: receiver.url("/orders"),
      events: ["message.delivered", "sms.failed"],
      secret,
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.stringMatching(/^wh_/),
      name: "Orders",
      url: receiver.url("/orders"),
      events: ["message.delivered", "sms.failed"],
      isActive: true,
      hasSecret: true,
      disabledReason: null,
      secret,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const again = await get(res.json.id);
    expect(again.json).not.toHaveProperty("secret");
    expect(again.text).not.toContain(res.json.secret);
    const all = await call(list.GET, base, { token: owner.accessToken });
    expect(all.text).not.toContain(res.json.secret);
    expect(all.json.map((w: { id: string }) => w.id)).toContain(res.json.id);
    const row = await getDb().webhook.findFirstOrThrow({ where: { id: res.json.id } });
    expect(row.secretCiphertext).not.toContain(res.json.secret.slice(6));
  });

  it("reveals the secret again to an owner (POST /:id/reveal-secret, not cached), and to no developer", async () => {
    const secret = "whsec_9z8Y7x6W5v4U3t2S1r0Q9p8O7n6M5l4K";
    const w = (await create({ name: "Reveal", url: receiver.url("/reveal"), events: ["*"], secret })).json;
    const reveal = (token: string) =>
      call(revealSecret.POST, `${base}/${w.id}/reveal-secret`, { method: "POST", token, params: { id: w.id } });
    const shown = await reveal(owner.accessToken);
    expect({ status: shown.status, body: shown.json }).toEqual({ status: 200, body: { secret } });
    expect(shown.headers.get("cache-control")).toBe("no-store");
    const developer = await seedMember(owner.organizationId, "developer");
    expectError(await reveal(developer.accessToken), 403, "forbidden");
  });

  it("keeps a given secret, and signs test deliveries with it", async () => {
    const secret = "It's a Secret to Everybody";
    const w = (await create({ name: "Signed", url: receiver.url("/signed"), events: ["*"], secret })).json;
    const res = await call(test.POST, `${base}/${w.id}/test`, { token: owner.accessToken, params: { id: w.id } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true, statusCode: 200, responseTimeMs: expect.any(Number), error: null });
    const got = receiver.received.filter((r) => r.path === "/signed").at(-1)!;
    expect(JSON.parse(got.body)).toMatchObject({ event: "webhook.test", id: expect.stringMatching(/^evt_/) });
    expect(got.headers["x-webhook-signature"]).toBe(
      `sha256=${createHmac("sha256", secret).update(got.body).digest("hex")}`,
    );
  });

  it("answers the test with the failure when the endpoint fails", async () => {
    const w = (await create({ name: "Down", url: receiver.url("/fail"), events: ["*"] })).json;
    const res = await call(test.POST, `${base}/${w.id}/test`, { token: owner.accessToken, params: { id: w.id } });
    expect(res.json).toMatchObject({ success: false, statusCode: 500, error: expect.stringContaining("500") });
  });

  it("validates: name, URL, at least one known event, secret length, no unknown fields", async () => {
    const ok = { name: "x", url: "https://hooks.example.com/x", events: ["*"] };
    for (const body of [
      { ...ok, name: "" },
      { ...ok, url: "not a url" },
      { ...ok, events: [] },
      { ...ok, events: ["message.exploded"] },
      { ...ok, secret: "short" },
      { ...ok, isActive: false, id: "wh_mine" },
      { url: ok.url, events: ok.events },
    ]) {
      expectError(await create(body), 400, "invalid_request");
    }
  });

  it("refuses private, loopback and metadata destinations unless WEBHOOK_ALLOW_PRIVATE_URLS=true", async () => {
    allowPrivate(false);
    for (const url of [
      "http://127.0.0.1/hook",
      "http://2130706433/hook",
      "http://0x7f.1/hook",
      "http://[::1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://10.0.0.5/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://100.64.0.1/hook",
      "http://localhost:3000/hook",
      "ftp://example.com/hook",
      "https://user:pass@example.com/hook",
    ]) {
      const res = await create({ name: "x", url, events: ["*"] });
      expect(res.status, url).toBe(400);
      expect(res.json.error.code, url).toMatch(/^(url_not_allowed|invalid_request)$/);
    }
    // And at delivery time, for a webhook saved while it was allowed.
    allowPrivate(true);
    const w = (await create({ name: "Local", url: receiver.url("/later"), events: ["*"] })).json;
    allowPrivate(false);
    const res = await call(test.POST, `${base}/${w.id}/test`, { token: owner.accessToken, params: { id: w.id } });
    expect(res.json).toMatchObject({ success: false, statusCode: null });
    expect(res.json.error).toMatch(/loopback|not allowed|forbidden/i);
    expect(receiver.received.filter((r) => r.path === "/later")).toHaveLength(0);
  });

  it("patches, disables, removes the secret and deletes", async () => {
    const w = (await create({ name: "Patch me", url: receiver.url("/p"), events: ["*"] })).json;
    const patch = (body: unknown) =>
      call(byId.PATCH, `${base}/${w.id}`, { method: "PATCH", token: owner.accessToken, params: { id: w.id }, body });
    const res = await patch({ name: "Patched", events: ["otp.sent"], isActive: false, secret: null });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Patched", events: ["otp.sent"], isActive: false, hasSecret: false });
    expect(res.json).not.toHaveProperty("secret");
    expectError(await patch({ url: "ftp://nope" }), 400, "url_not_allowed");
    expectError(await patch({ hasSecret: true }), 400, "invalid_request");
    const del = await call(byId.DELETE, `${base}/${w.id}`, {
      method: "DELETE",
      token: owner.accessToken,
      params: { id: w.id },
    });
    expect(del.status).toBe(204);
    expectError(await get(w.id), 404, "not_found");
  });

  it("lets support read but not change or test", async () => {
    const support = await seedMember(owner.organizationId, "support");
    const w = (await create({ name: "Read only", url: receiver.url("/ro"), events: ["*"] })).json;
    expect((await get(w.id, support.accessToken)).status).toBe(200);
    expectError(
      await create({ name: "x", url: receiver.url("/x"), events: ["*"] }, support.accessToken),
      403,
      "forbidden",
    );
    expectError(
      await call(test.POST, `${base}/${w.id}/test`, { token: support.accessToken, params: { id: w.id } }),
      403,
      "forbidden",
    );
  });
});

describe("unsigned webhooks (a webhook created without a secret)", () => {
  const sign = (secret: string, body: string) => `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

  it("stores no secret and sends no X-Webhook-Signature until a PATCH sets one; then every delivery verifies", async () => {
    const org = await seedSender();
    const path = `/${org.organizationId}/unsigned`;
    const res = await create(
      { name: "Unsigned", url: receiver.url(path), events: ["message.delivered"] },
      org.accessToken,
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ hasSecret: false, secret: null });
    const id: string = res.json.id;
    expect((await get(id, org.accessToken)).json).toMatchObject({ hasSecret: false });
    expect((await getDb().webhook.findFirstOrThrow({ where: { id } })).secretCiphertext).toBeNull();

    const received = () => receiver.received.filter((r) => r.path === path);
    const testEvent = () => call(test.POST, `${base}/${id}/test`, { token: org.accessToken, params: { id } });
    /** A sandbox SMS whose message.delivered the delivery worker sends to the webhook. */
    async function workerEvent() {
      expect((await api.send(org.testKey, { to: "+14155550123", body: "hi" })).status).toBe(202);
      await runPipeline(org.organizationId);
      await deliverDueOnce({ organizationId: org.organizationId });
    }

    expect((await testEvent()).json).toMatchObject({ success: true, statusCode: 200 });
    await workerEvent();
    expect(received().map((r) => JSON.parse(r.body).event)).toEqual(["webhook.test", "message.delivered"]);
    for (const r of received()) expect(r.headers).not.toHaveProperty("x-webhook-signature");

    const secret = "whsec_set-later-by-patch-0123456789";
    const patch = (body: unknown) =>
      call(byId.PATCH, `${base}/${id}`, { method: "PATCH", token: org.accessToken, params: { id }, body });
    const signed = await patch({ secret });
    expect(signed.json).toMatchObject({ hasSecret: true });
    expect(signed.json).not.toHaveProperty("secret");
    await testEvent();
    await workerEvent();
    const after = received().slice(2);
    expect(after.map((r) => JSON.parse(r.body).event)).toEqual(["webhook.test", "message.delivered"]);
    for (const r of after) expect(r.headers["x-webhook-signature"]).toBe(sign(secret, r.body));

    // secret: null removes it again: unsigned from the next attempt.
    expect((await patch({ secret: null })).json).toMatchObject({ hasSecret: false });
    await testEvent();
    expect(received()).toHaveLength(5);
    expect(received()[4]!.headers).not.toHaveProperty("x-webhook-signature");
  });
});

describe("delivery log", () => {
  async function seedDeliveries(webhookId: string, organizationId: string, count: number) {
    const rows = Array.from({ length: count }, (_, i) => ({
      id: newId("dlv"),
      organizationId,
      webhookId,
      eventId: newId("evt"),
      event: "message.delivered",
      body: "{}",
      status: i % 2 ? ("FAILED" as const) : ("SUCCEEDED" as const),
      attemptCount: 1,
      nextAttemptAt: null,
      createdAt: new Date(Date.now() - (count - i) * 1000),
    }));
    // Distinct, increasing ids in creation order.
    rows.forEach((r, i) => (r.id = `dlv_${String(i).padStart(4, "0")}${r.id.slice(8)}`));
    await getDb().webhookDelivery.createMany({ data: rows });
    await getDb().webhookAttempt.createMany({
      data: rows.map((r, i) => ({
        id: newId("dlv").replace("dlv", "att"),
        organizationId: r.organizationId,
        deliveryId: r.id,
        attempt: 1,
        statusCode: i % 2 ? 500 : 200,
        responseTimeMs: 12,
        error: i % 2 ? "HTTP 500 Internal Server Error" : null,
        responseBody: "snippet",
      })),
    });
    return rows;
  }

  it("pages newest first with X-Next-Cursor, filters by status, and shows attempts", async () => {
    const org = await seedOrganization("developer");
    const w = (await create({ name: "Log", url: receiver.url("/log"), events: ["*"] }, org.accessToken)).json;
    const rows = await seedDeliveries(w.id, org.organizationId, 7);
    const page = (query: Record<string, string>) =>
      call(deliveries.GET, `${base}/${w.id}/deliveries`, { token: org.accessToken, params: { id: w.id }, query });
    const first = await page({ limit: "3" });
    expect(first.status).toBe(200);
    expect(first.json.map((d: { id: string }) => d.id)).toEqual([rows[6]!.id, rows[5]!.id, rows[4]!.id]);
    expect(first.json[0]).toEqual({
      id: rows[6]!.id,
      eventId: rows[6]!.eventId,
      event: "message.delivered",
      status: "SUCCEEDED",
      attempts: [{ attempt: 1, statusCode: 200, responseTimeMs: 12, error: null, at: expect.any(String) }],
      nextAttemptAt: null,
      createdAt: expect.any(String),
    });
    const cursor = first.headers.get("x-next-cursor")!;
    const second = await page({ limit: "3", cursor });
    expect(second.json.map((d: { id: string }) => d.id)).toEqual([rows[3]!.id, rows[2]!.id, rows[1]!.id]);
    const last = await page({ limit: "3", cursor: second.headers.get("x-next-cursor")! });
    expect(last.json).toHaveLength(1);
    expect(last.headers.get("x-next-cursor")).toBeNull();
    const failed = await page({ status: "FAILED" });
    expect(failed.json.every((d: { status: string }) => d.status === "FAILED")).toBe(true);
    expect(failed.json).toHaveLength(3);
    expectError(await page({ limit: "101" }), 400, "invalid_request");
    expectError(await page({ status: "LOST" }), 400, "invalid_request");
  });

  it("redelivers (202), refuses while an attempt is in flight, and 404s across tenants", async () => {
    const org = await seedOrganization("owner");
    const w = (await create({ name: "Again", url: receiver.url("/again"), events: ["*"] }, org.accessToken)).json;
    const [row] = await seedDeliveries(w.id, org.organizationId, 1);
    const again = (deliveryId: string, token = org.accessToken, id = w.id) =>
      call(redeliver.POST, `${base}/${id}/deliveries/${deliveryId}/redeliver`, { token, params: { id, deliveryId } });
    const res = await again(row!.id);
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ id: row!.id, status: "PENDING" });
    expect(await getDb().webhookDelivery.findFirstOrThrow({ where: { id: row!.id } })).toMatchObject({
      status: "PENDING",
      round: 1,
    });
    await getDb().webhookDelivery.updateMany({
      where: { id: row!.id },
      data: { lockedUntil: new Date(Date.now() + 60_000) },
    });
    expectError(await again(row!.id), 409, "delivery_in_progress");
    expectError(await again(row!.id, owner.accessToken), 404, "not_found");
    expectError(await again("dlv_unknown"), 404, "not_found");
    // A disabled webhook's queue is never worked: refuse rather than leave the delivery waiting.
    await getDb().webhookDelivery.updateMany({ where: { id: row!.id }, data: { lockedUntil: null } });
    await getDb().webhook.updateMany({ where: { id: w.id }, data: { isActive: false } });
    expectError(await again(row!.id), 409, "webhook_disabled");
  });
});
