// SMS send, bulk and status over the real route handlers, the sandbox carrier and the pipeline.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { expectError } from "@/server/test/http";
import { api, eventsOf, runPipeline, seedSender } from "@/server/test/messaging";
import { handOffQueued } from "@/server/messages/pipeline/hand-off";
import { deliverSandboxReceipts } from "@/server/messages/pipeline/sandbox-receipts";

let org: Awaited<ReturnType<typeof seedSender>>;
beforeAll(async () => {
  org = await seedSender();
});

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("POST /sms/send", () => {
  it("accepts a sandbox message with the contract's 202 body", async () => {
    const res = await api.send(org.testKey, { to: "+14155550123", body: "Hello from the tests" });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({
      messageId: expect.stringMatching(/^msg_[0-9A-Za-z]{24}$/),
      status: "QUEUED",
      to: "+14155550123",
      from: "SG",
      body: "Hello from the tests",
      segments: 1,
      encoding: "GSM-7",
      price: "0.0000",
      priceUnit: "USD",
      environment: "test",
      createdAt: expect.stringMatching(ISO_MS),
    });
    const row = await getDb().message.findFirstOrThrow({ where: { id: res.json.messageId } });
    expect(row).toMatchObject({ organizationId: org.organizationId, status: expect.any(String), segments: 1 });
  });

  it("computes segments and encoding (GSM-7 extension characters count twice, emoji is UCS-2)", async () => {
    const gsm = await api.send(org.testKey, { to: "+14155550123", body: "€".repeat(81) });
    expect(gsm.json).toMatchObject({ segments: 2, encoding: "GSM-7" });
    const ucs = await api.send(org.testKey, { to: "+14155550123", body: "😀".repeat(35) });
    expect(ucs.json).toMatchObject({ segments: 1, encoding: "UCS-2" });
    const ucs2 = await api.send(org.testKey, { to: "+14155550123", body: "😀".repeat(36) });
    expect(ucs2.json).toMatchObject({ segments: 2, encoding: "UCS-2" });
  });

  it("uses the given sender label or number", async () => {
    expect((await api.send(org.testKey, { to: "+14155550123", body: "x", from: "Acme" })).json.from).toBe("Acme");
    expect((await api.send(org.testKey, { to: "+14155550123", body: "x", from: "+14155550100" })).json.from).toBe(
      "+14155550100",
    );
    expectError(
      await api.send(org.testKey, { to: "+14155550123", body: "x", from: "TwelveLetter" }),
      400,
      "invalid_request",
    );
  });

  it("refuses numbers that are not valid E.164 or not valid for their country", async () => {
    for (const to of ["14155550123", "+1 415 555 0123", "+12", "+1234567890", "tel:+14155550123"]) {
      expectError(await api.send(org.testKey, { to, body: "x" }), 400, "invalid_phone_number");
    }
  });

  it("refuses bad bodies with details", async () => {
    const empty = await api.send(org.testKey, { to: "+14155550123", body: "" });
    expectError(empty, 400, "invalid_request");
    expect(empty.json.error.details).toEqual([{ path: "body", message: expect.any(String) }]);
    expectError(await api.send(org.testKey, { to: "+14155550123", body: "x".repeat(1601) }), 400, "invalid_request");
    expectError(await api.send(org.testKey, { to: "+14155550123", body: "x", status: "SENT" }), 400, "invalid_request");
  });

  it("answers 503 provider_not_configured for live keys and writes nothing", async () => {
    const before = await getDb().message.count({ where: { organizationId: org.organizationId, environment: "live" } });
    expectError(await api.send(org.liveKey, { to: "+14155550123", body: "x" }), 503, "provider_not_configured");
    expectError(
      await api.bulk(org.liveKey, { messages: [{ to: "+14155550123", body: "x" }] }),
      503,
      "provider_not_configured",
    );
    expect(await getDb().message.count({ where: { organizationId: org.organizationId, environment: "live" } })).toBe(
      before,
    );
  });
});

describe("lifecycle on the sandbox carrier", () => {
  it("goes QUEUED → SENT → DELIVERED with a time and an event for each step", async () => {
    const sender = await seedSender();
    const { messageId } = (await api.send(sender.testKey, { to: "+14155550123", body: "Lifecycle" })).json;
    const t1 = new Date();
    await handOffQueued({ now: () => t1, organizationId: sender.organizationId });
    const sent = (await api.status(sender.testKey, messageId)).json;
    expect(sent).toMatchObject({ status: "SENT", sentAt: expect.stringMatching(ISO_MS), deliveredAt: null });
    // Not before its simulated network delay.
    await deliverSandboxReceipts(new Date(), 60_000, 1000, sender.organizationId);
    expect((await api.status(sender.testKey, messageId)).json.status).toBe("SENT");
    await deliverSandboxReceipts(new Date(), 0, 1000, sender.organizationId);
    const delivered = (await api.status(sender.testKey, messageId)).json;
    expect(delivered).toEqual({
      messageId,
      status: "DELIVERED",
      to: "+14155550123",
      from: "SG",
      segments: 1,
      price: "0.0000",
      priceUnit: "USD",
      environment: "test",
      createdAt: expect.stringMatching(ISO_MS),
      sentAt: sent.sentAt,
      deliveredAt: expect.stringMatching(ISO_MS),
      failedAt: null,
      errorCode: null,
      errorMessage: null,
      body: "Lifecycle",
      poolId: null,
    });
    const events = await eventsOf(sender.organizationId);
    expect(events.map((e) => e.type)).toEqual(["message.queued", "message.sent", "message.delivered"]);
    expect(events.every((e) => /^evt_/.test(e.id))).toBe(true);
    expect(events[2]!.payload).toMatchObject({
      messageId,
      to: "+14155550123",
      from: "SG",
      status: "DELIVERED",
      deliveredAt: delivered.deliveredAt,
    });
    // Bodies never travel in events (an OTP's body is its code).
    expect(JSON.stringify(events.map((e) => e.payload))).not.toContain("Lifecycle");
  });

  it("plays the magic recipients", async () => {
    const sender = await seedSender();
    const ids: Record<string, string> = {};
    for (const to of ["+15005550001", "+15005550002", "+15005550003"]) {
      ids[to] = (await api.send(sender.testKey, { to, body: "magic" })).json.messageId;
    }
    await runPipeline(sender.organizationId);
    await runPipeline(sender.organizationId);
    const failed = (await api.status(sender.testKey, ids["+15005550001"]!)).json;
    expect(failed).toMatchObject({ status: "FAILED", errorCode: "invalid_number", sentAt: null });
    expect(failed.failedAt).toMatch(ISO_MS);
    const undelivered = (await api.status(sender.testKey, ids["+15005550002"]!)).json;
    expect(undelivered).toMatchObject({ status: "UNDELIVERED", errorCode: "carrier_rejected" });
    expect(undelivered.sentAt).toMatch(ISO_MS);
    expect((await api.status(sender.testKey, ids["+15005550003"]!)).json).toMatchObject({
      status: "SENT",
      deliveredAt: null,
    });
    const types = (await eventsOf(sender.organizationId)).map((e) => `${e.type}:${(e.payload as { to: string }).to}`);
    expect(types.filter((t) => t.startsWith("message.failed"))).toEqual(["message.failed:+15005550001"]);
    expect(types.filter((t) => t.startsWith("message.undelivered"))).toEqual(["message.undelivered:+15005550002"]);
    expect(types.filter((t) => t.endsWith("+15005550003"))).toEqual([
      "message.queued:+15005550003",
      "message.sent:+15005550003",
    ]);
  });

  it("hands a message over once even when two workers race for it", async () => {
    const sender = await seedSender();
    const accepted = (
      await api.bulk(sender.testKey, {
        messages: Array.from({ length: 50 }, () => ({ to: "+14155550123", body: "race" })),
      })
    ).json;
    await Promise.all([
      runPipeline(sender.organizationId),
      runPipeline(sender.organizationId),
      runPipeline(sender.organizationId),
    ]);
    const events = await eventsOf(sender.organizationId);
    for (const type of ["message.queued", "message.sent", "message.delivered"]) {
      expect(events.filter((e) => e.type === type)).toHaveLength(accepted.accepted);
    }
  });
});

describe("GET /sms/:id/status", () => {
  it("answers 404 for an unknown id and for another organization's message", async () => {
    const other = await seedSender();
    const theirs = (await api.send(other.testKey, { to: "+14155550123", body: "theirs" })).json.messageId;
    expectError(await api.status(org.testKey, theirs), 404, "not_found");
    expectError(await api.status(org.testKey, "msg_doesnotexist"), 404, "not_found");
  });

  it("never shows a live message to a sandbox key", async () => {
    const sender = await seedSender();
    const id = "msg_00000000livemessage0001";
    await getDb().message.create({
      data: {
        id,
        organizationId: sender.organizationId,
        environment: "live",
        to: "+14155550123",
        from: "SG",
        body: "secret",
        segments: 1,
        encoding: "GSM-7",
      },
    });
    expectError(await api.status(sender.testKey, id), 404, "not_found");
    const live = await api.status(sender.liveKey, id);
    expect(live.status).toBe(200);
    expect(live.json).not.toHaveProperty("body");
  });
});

describe("POST /sms/bulk", () => {
  it("accepts valid items, reports invalid ones by index", async () => {
    const sender = await seedSender();
    const res = await api.bulk(sender.testKey, {
      from: "Acme",
      messages: [
        { to: "+14155550123", body: "one" },
        { to: "+1234567890", body: "bad number" },
        { to: "+447911123456", body: "three" },
        { to: "+14155550123", body: "" },
        { to: "+14155550123", body: "x".repeat(1601) },
      ],
    });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ batchId: expect.stringMatching(/^bat_/), accepted: 2, rejected: 3 });
    expect(res.json.messages).toEqual([
      { index: 0, messageId: expect.stringMatching(/^msg_/), to: "+14155550123", status: "QUEUED" },
      { index: 2, messageId: expect.stringMatching(/^msg_/), to: "+447911123456", status: "QUEUED" },
    ]);
    expect(res.json.errors).toEqual([
      { index: 1, code: "invalid_phone_number", message: expect.any(String) },
      { index: 3, code: "invalid_request", message: expect.any(String) },
      { index: 4, code: "invalid_request", message: expect.any(String) },
    ]);
    const rows = await getDb().message.findMany({ where: { batchId: res.json.batchId } });
    expect(rows.map((r) => r.from)).toEqual(["Acme", "Acme"]);
  });

  it("takes 1,000 messages and refuses 0 or 1,001", async () => {
    const sender = await seedSender();
    const messages = Array.from({ length: 1000 }, (_, i) => ({ to: "+14155550123", body: `Message ${i}` }));
    const res = await api.bulk(sender.testKey, { messages });
    expect(res.json).toMatchObject({ accepted: 1000, rejected: 0 });
    expect(await getDb().message.count({ where: { batchId: res.json.batchId } })).toBe(1000);
    expect(
      await getDb().outboxEvent.count({ where: { organizationId: sender.organizationId, type: "message.queued" } }),
    ).toBe(1000);
    expectError(await api.bulk(sender.testKey, { messages: [] }), 400, "invalid_request");
    expectError(await api.bulk(sender.testKey, { messages: [...messages, messages[0]] }), 400, "invalid_request");
    expectError(await api.bulk(sender.testKey, { messages: [{ to: "+14155550123" }] }), 400, "invalid_request");
  });
});
