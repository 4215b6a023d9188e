// Scheduled sends through the API (contract §11), sandbox: sendAt and its window, SCHEDULED in
// status, history and batches, cancel one and a batch (409 not_cancelable), message.canceled,
// idempotency, the due-scan (QUEUED, then the usual pipeline), an opt-out before the due time, and a
// cancel racing the due time. Live money is in scheduled-money.int.test.ts.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { addOptOut } from "@/server/contacts/opt-outs/add-opt-out";
import { api, eventsOf, runPipeline, seedSender } from "@/server/test/messaging";
import { call, expectError } from "@/server/test/http";
import { recountMessageStats } from "@/server/analytics/recount";
import { sendSms } from "@/server/messages/send-sms";
import type { MessageSender } from "@/server/messages/sender";
import * as smsHistory from "@/app/api/v1/sms/route";
import * as smsBatch from "@/app/api/v1/sms/batches/[batchId]/route";
import * as smsCancel from "@/app/api/v1/sms/[messageId]/cancel/route";
import * as smsBatchCancel from "@/app/api/v1/sms/batches/[batchId]/cancel/route";
import { dispatchDueBatch, dispatchDueMessages } from "./dispatch-due";
import { cancelScheduledMessageOrThrow } from "./cancel-scheduled";

const TO = "+14155550123";
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

const cancel = (key: string, messageId: string) =>
  call(smsCancel.POST, `/api/v1/sms/${messageId}/cancel`, { token: key, method: "POST", params: { messageId } });
const cancelBatch = (key: string, batchId: string) =>
  call(smsBatchCancel.POST, `/api/v1/sms/batches/${batchId}/cancel`, {
    token: key,
    method: "POST",
    params: { batchId },
  });
const history = (key: string, query: Record<string, string>) =>
  call(smsHistory.GET, "/api/v1/sms", { token: key, query });
const batch = (key: string, batchId: string) =>
  call(smsBatch.GET, `/api/v1/sms/batches/${batchId}`, { token: key, params: { batchId } });

const statusOf = async (id: string) => (await getDb().message.findFirstOrThrow({ where: { id } })).status;

describe("sendAt on send and bulk", () => {
  it("answers 202 SCHEDULED with sendAt; status, history and the message.scheduled event show it", async () => {
    const sender = await seedSender();
    const sendAt = inSeconds(3600);
    const res = await api.send(sender.testKey, { to: TO, body: "Your appointment is tomorrow", sendAt });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ status: "SCHEDULED", sendAt, to: TO });
    const status = await api.status(sender.testKey, res.json.messageId);
    expect(status.json).toMatchObject({ status: "SCHEDULED", sendAt, sentAt: null });

    const scheduled = await history(sender.testKey, { status: "SCHEDULED" });
    expect(scheduled.status).toBe(200);
    expect(scheduled.json.map((m: { messageId: string }) => m.messageId)).toEqual([res.json.messageId]);
    const queued = await history(sender.testKey, { status: "QUEUED" });
    expect(queued.json).toEqual([]);

    const events = await eventsOf(sender.organizationId);
    expect(events.map((e) => e.type)).toEqual(["message.scheduled"]);
    expect(events[0]!.payload).toMatchObject({ messageId: res.json.messageId, status: "SCHEDULED", sendAt });
    // Nothing is due: the pipeline leaves it alone.
    await runPipeline(sender.organizationId);
    expect(await statusOf(res.json.messageId)).toBe("SCHEDULED");
  });

  it("refuses a sendAt outside 60 seconds to 35 days with 400 invalid_send_at naming the window", async () => {
    const sender = await seedSender();
    for (const sendAt of [inSeconds(59), inSeconds(-10), inSeconds(35 * 86_400 + 1)]) {
      const res = await api.send(sender.testKey, { to: TO, body: "hi", sendAt });
      expectError(res, 400, "invalid_send_at");
      expect(res.json.error.message).toMatch(/60 seconds to 35 days ahead: between .*Z and .*Z/);
      const bulk = await api.bulk(sender.testKey, { messages: [{ to: TO, body: "hi" }], sendAt });
      expectError(bulk, 400, "invalid_send_at");
    }
    // Inside the window, near both edges (the request takes a moment: a little margin).
    for (const sendAt of [inSeconds(62), inSeconds(35 * 86_400 - 5)]) {
      expect((await api.send(sender.testKey, { to: TO, body: "hi", sendAt })).status).toBe(202);
    }
    const malformed = await api.send(sender.testKey, { to: TO, body: "hi", sendAt: "tomorrow" });
    expectError(malformed, 400, "invalid_request");
    expect(await getDb().message.count({ where: { organizationId: sender.organizationId } })).toBe(2);
  });

  it("refuses more than 9 fraction digits and keeps the millisecond a finer sendAt names (issue 38)", async () => {
    const sender = await seedSender();
    const hour = new Date(Math.floor(Date.now() / 1000) * 1000 + 3_600_000).toISOString().slice(0, 19);
    const tooFine = await api.send(sender.testKey, { to: TO, body: "hi", sendAt: `${hour}.000123456789Z` });
    expectError(tooFine, 400, "invalid_request");
    expect(tooFine.json.error.details).toEqual([{ path: "sendAt", message: expect.stringMatching(/9 fraction/) }]);
    const nanos = await api.send(sender.testKey, { to: TO, body: "hi", sendAt: `${hour}.000987654Z` });
    expect(nanos.json).toMatchObject({ status: "SCHEDULED", sendAt: `${hour}.000Z` });
    const row = await getDb().message.findFirstOrThrow({ where: { id: nanos.json.messageId } });
    expect(row.sendAt?.toISOString()).toBe(`${hour}.000Z`);
  });

  it("takes exactly 60 s and 35 days, not 59 s nor 35 days + 1 s (the server's clock)", async () => {
    const sender = await seedSender();
    const who: MessageSender = { organizationId: sender.organizationId, apiKeyId: null, environment: "test" };
    const now = new Date();
    const at = (s: number) => new Date(now.getTime() + s * 1000).toISOString();
    const send = (s: number) => sendSms(getDb(), who, { to: TO, body: "edge", sendAt: at(s) }, { now });
    await expect(send(59)).rejects.toMatchObject({ code: "invalid_send_at" });
    await expect(send(60)).resolves.toMatchObject({ status: "SCHEDULED", sendAt: at(60) });
    await expect(send(35 * 86_400)).resolves.toMatchObject({ status: "SCHEDULED" });
    await expect(send(35 * 86_400 + 1)).rejects.toMatchObject({ code: "invalid_send_at" });
  });

  it("schedules a whole bulk request; the batch counts SCHEDULED and CANCELED and cancels at once", async () => {
    const sender = await seedSender();
    const sendAt = inSeconds(600);
    const res = await api.bulk(sender.testKey, {
      messages: [
        { to: TO, body: "one" },
        { to: "nope", body: "bad" },
        { to: "+14155550124", body: "two" },
      ],
      sendAt,
    });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ accepted: 2, rejected: 1, sendAt });
    expect(res.json.messages.map((m: { status: string }) => m.status)).toEqual(["SCHEDULED", "SCHEDULED"]);
    const { batchId } = res.json;
    expect((await batch(sender.testKey, batchId)).json.counts).toMatchObject({ SCHEDULED: 2, CANCELED: 0 });

    const canceled = await cancelBatch(sender.testKey, batchId);
    expect(canceled.status).toBe(200);
    expect(canceled.json).toEqual({ batchId, canceled: 2 });
    expect((await batch(sender.testKey, batchId)).json).toMatchObject({
      total: 2,
      counts: { SCHEDULED: 0, CANCELED: 2, QUEUED: 0 },
    });
    expect((await cancelBatch(sender.testKey, batchId)).json).toEqual({ batchId, canceled: 0 });
    expectError(await cancelBatch(sender.testKey, "bat_nope"), 404, "not_found");
    const other = await seedSender();
    expectError(await cancelBatch(other.testKey, batchId), 404, "not_found");
    // The live key of the same organization does not see sandbox batches.
    expectError(await cancelBatch(sender.liveKey, batchId), 404, "not_found");
  });

  it("replays an idempotent scheduled send: one message, the same answer", async () => {
    const sender = await seedSender();
    const body = { to: TO, body: "once", sendAt: inSeconds(300) };
    const headers = { "idempotency-key": "sched-1" };
    const first = await api.send(sender.testKey, body, headers);
    const again = await api.send(sender.testKey, body, headers);
    expect(again.status).toBe(202);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    expect(await getDb().message.count({ where: { organizationId: sender.organizationId } })).toBe(1);
    const other = await api.send(sender.testKey, { ...body, sendAt: inSeconds(400) }, headers);
    expectError(other, 422, "idempotency_key_reused");
  });
});

describe("cancel", () => {
  it("cancels a SCHEDULED message once: 200 CANCELED, message.canceled, then 409 not_cancelable", async () => {
    const sender = await seedSender();
    const { json } = await api.send(sender.testKey, { to: TO, body: "cancel me", sendAt: inSeconds(120) });
    const res = await cancel(sender.testKey, json.messageId);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ messageId: json.messageId, status: "CANCELED", price: "0.0000" });
    expect(typeof res.json.canceledAt).toBe("string");
    const events = (await eventsOf(sender.organizationId)).filter((e) => e.type === "message.canceled");
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ messageId: json.messageId, to: TO, reason: "api", status: "CANCELED" }),
    ]);
    expectError(await cancel(sender.testKey, json.messageId), 409, "not_cancelable");
    // Canceled messages are never due.
    await dispatchDueBatch(new Date(Date.now() + 3_600_000), 100, sender.organizationId);
    expect(await statusOf(json.messageId)).toBe("CANCELED");
    expect(await recountMessageStats(null, sender.organizationId)).toEqual([]);
  });

  it("answers 404 for another tenant's message and 409 for an immediate one", async () => {
    const sender = await seedSender();
    const other = await seedSender();
    const { json } = await api.send(sender.testKey, { to: TO, body: "mine", sendAt: inSeconds(120) });
    expectError(await cancel(other.testKey, json.messageId), 404, "not_found");
    expectError(await cancel(sender.testKey, "msg_nope"), 404, "not_found");
    const now = await api.send(sender.testKey, { to: TO, body: "now" });
    expectError(await cancel(sender.testKey, now.json.messageId), 409, "not_cancelable");
    expect(await statusOf(json.messageId)).toBe("SCHEDULED");
  });
});

describe("the due-scan", () => {
  it("queues what is due with message.queued, then the pipeline delivers it; what is not due waits", async () => {
    const sender = await seedSender();
    const soon = await api.send(sender.testKey, { to: TO, body: "soon", sendAt: inSeconds(70) });
    const later = await api.send(sender.testKey, { to: TO, body: "later", sendAt: inSeconds(7200) });
    const due = new Date(Date.parse(soon.json.sendAt) + 1);
    // One millisecond early: nothing.
    expect(await dispatchDueBatch(new Date(due.getTime() - 2), 100, sender.organizationId)).toEqual({
      queued: 0,
      canceled: 0,
      failed: 0,
    });
    expect(await dispatchDueBatch(due, 100, sender.organizationId)).toEqual({ queued: 1, canceled: 0, failed: 0 });
    expect(await statusOf(soon.json.messageId)).toBe("QUEUED");
    // The due-scan writes the event's payload itself (dispatch-due.ts): the same object as every
    // other message.* event, from sg_message_event_payload.
    const payloads = await getDb().$queryRawUnsafe<{ payload: unknown; expected: unknown }[]>(
      `SELECT e.payload, sg_message_event_payload(m) AS expected FROM outbox_events e
       JOIN messages m ON m.id = e.payload->>'messageId' WHERE e.type = 'message.queued' AND m.id = $1`,
      soon.json.messageId,
    );
    expect(payloads).toHaveLength(1);
    expect(payloads[0]!.payload).toEqual(payloads[0]!.expected);
    expect(payloads[0]!.payload).toMatchObject({ status: "QUEUED", sendAt: soon.json.sendAt, batchId: null });
    expect(await statusOf(later.json.messageId)).toBe("SCHEDULED");
    expectError(await cancel(sender.testKey, soon.json.messageId), 409, "not_cancelable");

    await runPipeline(sender.organizationId, new Date(due.getTime() + 10_000));
    expect(await statusOf(soon.json.messageId)).toBe("DELIVERED");
    const types = (await eventsOf(sender.organizationId))
      .filter((e) => (e.payload as { messageId: string }).messageId === soon.json.messageId)
      .map((e) => e.type);
    expect(types).toEqual(["message.scheduled", "message.queued", "message.sent", "message.delivered"]);
    expect(await recountMessageStats(null, sender.organizationId)).toEqual([]);
  });

  it("works off a backlog in bounded batches, oldest sendAt first", async () => {
    const sender = await seedSender();
    const sendAt = inSeconds(90);
    for (let i = 0; i < 3; i++) {
      const messages = Array.from({ length: 200 }, (_, n) => ({
        to: `+1415555${String(i * 200 + n).padStart(4, "0")}`,
        body: "b",
      }));
      expect((await api.bulk(sender.testKey, { messages, sendAt })).json.accepted).toBe(200);
    }
    const now = new Date(Date.parse(sendAt) + 5);
    // A budget far beyond the test's: on a loaded machine, PGlite's two batches took longer than the 0.8 s default.
    const result = await dispatchDueMessages({
      now: () => now,
      batchSize: 250,
      budgetMs: 60_000,
      organizationId: sender.organizationId,
    });
    expect(result).toMatchObject({ queued: 600, canceled: 0, batches: 3, backlog: false });
    expect(await getDb().message.count({ where: { organizationId: sender.organizationId, status: "QUEUED" } })).toBe(
      600,
    );
  });

  it("runs lanes at once only while a backlog lasts, and queues each message once", async () => {
    const sender = await seedSender();
    const sendAt = inSeconds(90);
    const messages = Array.from({ length: 600 }, (_, n) => ({
      to: `+1415557${String(n).padStart(4, "0")}`,
      body: "l",
    }));
    expect((await api.bulk(sender.testKey, { messages: messages.slice(0, 10), sendAt })).json.accepted).toBe(10);
    const now = new Date(Date.parse(sendAt) + 5);
    const scan = () =>
      dispatchDueMessages({
        now: () => now,
        batchSize: 100,
        lanes: 3,
        budgetMs: 60_000,
        organizationId: sender.organizationId,
      });
    // Little due: one statement, not one per lane.
    expect(await scan()).toMatchObject({ queued: 10, batches: 1, backlog: false });

    expect((await api.bulk(sender.testKey, { messages: messages.slice(10), sendAt })).json.accepted).toBe(590);
    const result = await scan();
    expect(result).toMatchObject({ queued: 590, canceled: 0, backlog: false });
    // Full batches, then each of the three lanes ends on one that is not full.
    expect(result.batches).toBeGreaterThanOrEqual(6);
    const queued = (await eventsOf(sender.organizationId)).filter((e) => e.type === "message.queued");
    expect(queued).toHaveLength(600);
    expect(new Set(queued.map((e) => (e.payload as { messageId: string }).messageId)).size).toBe(600);
    expect(await getDb().message.count({ where: { organizationId: sender.organizationId, status: "QUEUED" } })).toBe(
      600,
    );
  });

  it("cancels at the due time a message whose recipient opted out meanwhile: recipient_opted_out, never sent", async () => {
    const sender = await seedSender();
    const stop = "+14155550177";
    const res = await api.send(sender.testKey, { to: stop, body: "promo", sendAt: inSeconds(120) });
    const kept = await api.send(sender.testKey, { to: TO, body: "promo", sendAt: inSeconds(120) });
    await addOptOut(getDb(), sender.organizationId, { phone: stop }, "api");
    const due = new Date(Date.now() + 200_000);
    expect(await dispatchDueBatch(due, 100, sender.organizationId)).toEqual({ queued: 1, canceled: 1, failed: 0 });
    await runPipeline(sender.organizationId, due);
    const status = await api.status(sender.testKey, res.json.messageId);
    expect(status.json).toMatchObject({ status: "CANCELED", errorCode: "recipient_opted_out", sentAt: null });
    expect(await statusOf(kept.json.messageId)).toBe("DELIVERED");
    const canceled = (await eventsOf(sender.organizationId)).filter((e) => e.type === "message.canceled");
    expect(canceled.map((e) => e.payload)).toEqual([
      expect.objectContaining({ messageId: res.json.messageId, reason: "opted_out", errorCode: "recipient_opted_out" }),
    ]);
    expect(await recountMessageStats(null, sender.organizationId)).toEqual([]);
  });

  it("a cancel racing the due time has exactly one outcome per message", async () => {
    const sender = await seedSender();
    const sendAt = inSeconds(61);
    const messages = Array.from({ length: 40 }, (_, n) => ({ to: `+1415556${String(n).padStart(4, "0")}`, body: "r" }));
    const { json } = await api.bulk(sender.testKey, { messages, sendAt });
    const ids: string[] = json.messages.map((m: { messageId: string }) => m.messageId);
    const due = new Date(Date.parse(sendAt) + 1);
    const cancels = ids.map((id) =>
      cancelScheduledMessageOrThrow(getDb(), sender.organizationId, id, { now: due }).then(
        () => "canceled",
        (err: { code?: string }) => err.code,
      ),
    );
    const scans = [1, 2, 3].map(() =>
      dispatchDueMessages({ now: () => due, batchSize: 7, organizationId: sender.organizationId }),
    );
    const [outcomes, results] = await Promise.all([Promise.all(cancels), Promise.all(scans)]);
    const rows = await getDb().message.findMany({ where: { id: { in: ids } }, select: { id: true, status: true } });
    const queued = rows.filter((r) => r.status === "QUEUED").map((r) => r.id);
    const canceled = rows.filter((r) => r.status === "CANCELED").map((r) => r.id);
    expect(queued.length + canceled.length).toBe(ids.length);
    // The API's answers agree with the rows: 200 for the canceled ones, 409 for the queued ones.
    expect(ids.filter((_, i) => outcomes[i] === "canceled").sort()).toEqual([...canceled].sort());
    expect(ids.filter((_, i) => outcomes[i] === "not_cancelable").sort()).toEqual([...queued].sort());
    expect(results.reduce((n, r) => n + r.queued, 0)).toBe(queued.length);
    // One event per message and outcome, never both.
    const events = (await eventsOf(sender.organizationId)).filter((e) =>
      ["message.queued", "message.canceled"].includes(e.type),
    );
    const perMessage = new Map<string, string[]>();
    for (const e of events) {
      const id = (e.payload as { messageId: string }).messageId;
      perMessage.set(id, [...(perMessage.get(id) ?? []), e.type]);
    }
    expect([...perMessage.values()].every((types) => types.length === 1)).toBe(true);
    expect(perMessage.size).toBe(ids.length);
    expect(await recountMessageStats(null, sender.organizationId)).toEqual([]);
  });
});
