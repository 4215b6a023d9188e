// Idempotency-Key on sms/send, sms/bulk and otp/send (contract §5).
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { expectError } from "@/server/test/http";
import { api, seedSender } from "@/server/test/messaging";
import { beginIdempotentRequest, LOCK_MS, pruneIdempotencyKeys, RETENTION_MS } from "@/server/idempotency/store";
import { requestHash } from "@/server/http/idempotency";

const msg = { to: "+14155550123", body: "Idempotent hello" };

async function messagesOf(organizationId: string) {
  return getDb().message.count({ where: { organizationId } });
}

describe("Idempotency-Key", () => {
  it("replays the first response for the same key and body, with Idempotent-Replayed", async () => {
    const s = await seedSender();
    const first = await api.send(s.testKey, msg, { "idempotency-key": "order-1001" });
    expect(first.status).toBe(202);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await api.send(s.testKey, { body: msg.body, to: msg.to }, { "idempotency-key": "order-1001" });
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    expect(await messagesOf(s.organizationId)).toBe(1);
  });

  it("answers 422 for the same key with a different body", async () => {
    const s = await seedSender();
    await api.send(s.testKey, msg, { "idempotency-key": "k" });
    expectError(
      await api.send(s.testKey, { ...msg, body: "other" }, { "idempotency-key": "k" }),
      422,
      "idempotency_key_reused",
    );
    expect(await messagesOf(s.organizationId)).toBe(1);
  });

  it("answers 409 while the first request is still running", async () => {
    const s = await seedSender();
    const scope = {
      organizationId: s.organizationId,
      environment: "test" as const,
      endpoint: "POST /api/v1/sms/send",
      key: "busy",
    };
    expect(await beginIdempotentRequest(scope, requestHash(msg), new Date())).toEqual({ kind: "started" });
    expectError(await api.send(s.testKey, msg, { "idempotency-key": "busy" }), 409, "idempotency_in_progress");
    expect(await messagesOf(s.organizationId)).toBe(0);
  });

  it("lets a retry take over a first request whose process died (lock expired, nothing recorded)", async () => {
    const s = await seedSender();
    const scope = {
      organizationId: s.organizationId,
      environment: "test" as const,
      endpoint: "POST /api/v1/sms/send",
      key: "dead",
    };
    await beginIdempotentRequest(scope, requestHash(msg), new Date(Date.now() - LOCK_MS - 1000));
    const res = await api.send(s.testKey, msg, { "idempotency-key": "dead" });
    expect(res.status).toBe(202);
    expect(res.headers.get("idempotent-replayed")).toBeNull();
  });

  it("refuses invalid keys with 400", async () => {
    const s = await seedSender();
    for (const key of ["", "x".repeat(256), "naïve", "tab\there"]) {
      expectError(await api.send(s.testKey, msg, { "idempotency-key": key }), 400, "invalid_request");
    }
    expect((await api.send(s.testKey, msg, { "idempotency-key": "x".repeat(255) })).status).toBe(202);
  });

  it("is scoped to organization, environment and endpoint", async () => {
    const a = await seedSender();
    const b = await seedSender();
    const key = { "idempotency-key": "shared-key" };
    const one = await api.send(a.testKey, msg, key);
    const two = await api.send(b.testKey, msg, key);
    expect(two.headers.get("idempotent-replayed")).toBeNull();
    expect(two.json.messageId).not.toBe(one.json.messageId);
    // Same organization, another endpoint: a different request altogether.
    const bulk = await api.bulk(a.testKey, { messages: [msg] }, key);
    expect(bulk.status).toBe(202);
    expect(bulk.headers.get("idempotent-replayed")).toBeNull();
    const otp = await api.otpSend(a.testKey, { to: msg.to }, key);
    expect(otp.status).toBe(202);
    const otpAgain = await api.otpSend(a.testKey, { to: msg.to }, key);
    expect(otpAgain.headers.get("idempotent-replayed")).toBe("true");
    expect(otpAgain.json).toEqual(otp.json);
    // Another environment of the same organization: the live key's send is its own request (503 here).
    expectError(await api.send(a.liveKey, msg, key), 503, "provider_not_configured");
  });

  it("does not keep a failed request: a retry runs again", async () => {
    const s = await seedSender();
    const key = { "idempotency-key": "after-503" };
    expectError(await api.send(s.liveKey, msg, key), 503, "provider_not_configured");
    expectError(await api.send(s.liveKey, msg, key), 503, "provider_not_configured");
    expect(await getDb().idempotencyKey.count({ where: { organizationId: s.organizationId } })).toBe(0);
  });

  it("creates exactly one message for concurrent identical requests", async () => {
    const s = await seedSender();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => api.send(s.testKey, msg, { "idempotency-key": "concurrent" })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.every((st) => st === 202 || st === 409)).toBe(true);
    const ids = new Set(results.filter((r) => r.status === 202).map((r) => r.json.messageId));
    expect(ids.size).toBe(1);
    expect(await messagesOf(s.organizationId)).toBe(1);
  });

  it("keeps records 24 hours; the prune job's function deletes older ones and the key is free again", async () => {
    const s = await seedSender();
    await api.send(s.testKey, msg, { "idempotency-key": "old" });
    const later = new Date(Date.now() + RETENTION_MS + 1000);
    expect(await pruneIdempotencyKeys(getDb(), new Date())).toBe(0);
    expect(await pruneIdempotencyKeys(getDb(), later)).toBeGreaterThanOrEqual(1);
    expect(await getDb().idempotencyKey.count({ where: { organizationId: s.organizationId } })).toBe(0);
    const fresh = await api.send(s.testKey, { ...msg, body: "new body" }, { "idempotency-key": "old" });
    expect(fresh.status).toBe(202);
    expect(fresh.headers.get("idempotent-replayed")).toBeNull();
  });

  it("treats an expired record as absent even before it is pruned", async () => {
    const s = await seedSender();
    await api.send(s.testKey, msg, { "idempotency-key": "stale" });
    await getDb().idempotencyKey.updateMany({
      where: { organizationId: s.organizationId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const res = await api.send(s.testKey, { ...msg, body: "another" }, { "idempotency-key": "stale" });
    expect(res.status).toBe(202);
    expect(await messagesOf(s.organizationId)).toBe(2);
  });
});
