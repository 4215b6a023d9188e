// Inbound messages (contract §10): stored as RECEIVED inbound rows of the organization that owns
// the number, with message.received (body included) in the same statement; never claimed by the
// pipeline, never billed, not in the hourly aggregates; keywords STOP/START/HELP with replies
// through the ordinary pipeline (live replies billed); history and status show them.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { api, eventsOf, seedSender } from "@/server/test/messaging";
import { call, expectError } from "@/server/test/http";
import { seedMember } from "@/server/test/seed";
import { handOffQueued } from "@/server/messages/pipeline/hand-off";
import { recountMessageStats } from "@/server/analytics/recount";
import { monthOf } from "@/server/billing/period";
import { callerFor } from "@/server/test/trpc";
import { DEFAULT_REPLIES, keywordOf } from "@/schemas/inbound";
import * as history from "@/app/api/v1/sms/route";
import * as settingsRoute from "@/app/api/v1/developer/inbound-settings/route";
import { receiveInboundMessage, receiveInboundMessages } from "./receive-inbound";
import { updateInboundSettings } from "./settings";
import { SYSTEM_ACTOR } from "@/server/audit/actor";

const db = () => getDb();
const PHONE = "+14155550188";

let numberSeq = 0;
/** An organization with a receiving number of its own (numbers are global: each test its own). */
async function receiver() {
  const sender = await seedSender();
  const number = `+1415666${String(process.pid % 100).padStart(2, "0")}${String(numberSeq++).padStart(2, "0")}`;
  await db().phoneNumber.create({ data: { number, organizationId: sender.organizationId } });
  return { ...sender, number };
}

const live = (to: string, body: string, extra: Partial<Parameters<typeof receiveInboundMessage>[1]> = {}) =>
  receiveInboundMessage(db(), { from: PHONE, to, body, environment: "live", provider: "twilio", ...extra });

async function stored(outcome: Awaited<ReturnType<typeof live>>) {
  if (outcome.outcome !== "stored") throw new Error(`not stored: ${outcome.outcome}`);
  return db().message.findFirstOrThrow({ where: { id: outcome.messageId } });
}

const outbound = (organizationId: string) =>
  db().message.findMany({ where: { organizationId, direction: "outbound" }, orderBy: { id: "asc" } });

describe("receiving a message", () => {
  it("stores it for the number's organization, RECEIVED and inbound, with message.received and its body", async () => {
    const r = await receiver();
    const at = new Date("2026-11-25T10:00:00.123Z");
    const res = await live(r.number, "Hello there", { receivedAt: at, providerMessageId: "SM0001" + r.number });
    expect(res).toMatchObject({ outcome: "stored", organizationId: r.organizationId });
    const row = await stored(res);
    expect(row).toMatchObject({
      direction: "inbound",
      status: "RECEIVED",
      from: PHONE,
      to: r.number,
      body: "Hello there",
      environment: "live",
      priceUnits: 0n,
      provider: "twilio",
      createdAt: at,
    });
    const events = (await eventsOf(r.organizationId)).filter((e) => e.type === "message.received");
    expect(events.map((e) => e.payload)).toEqual([
      { messageId: row.id, from: PHONE, to: r.number, body: "Hello there", receivedAt: at.toISOString() },
    ]);
  });

  it("is never claimed by the pipeline, never billed and not counted in the hourly aggregates", async () => {
    const r = await receiver();
    await receiveInboundMessages(db(), [
      { from: PHONE, to: r.number, body: "one", environment: "live", provider: "smpp" },
      { from: PHONE, to: r.number, body: "two", environment: "test", provider: "sandbox" },
    ]);
    expect(await handOffQueued({ organizationId: r.organizationId })).toBe(0);
    const rows = await db().message.findMany({ where: { organizationId: r.organizationId } });
    expect(rows.map((m) => [m.status, m.lockedUntil, m.attempts])).toEqual([
      ["RECEIVED", null, 0],
      ["RECEIVED", null, 0],
    ]);
    expect(await db().messageStatsHourly.count({ where: { organizationId: r.organizationId } })).toBe(0);
    expect(await recountMessageStats(null, r.organizationId)).toEqual([]);
    expect(
      await db().billingMonth.findUnique({
        where: { organizationId_month: { organizationId: r.organizationId, month: monthOf(new Date()).start } },
      }),
    ).toBeNull();
  });

  it("drops a message to a number no organization owns, writing nothing", async () => {
    const before = await db().message.count({ where: { to: "+19995550100" } });
    expect(await live("+19995550100", "anyone?")).toEqual({ outcome: "unknown_number" });
    expect(await db().message.count({ where: { to: "+19995550100" } })).toBe(before);
  });

  it("stores a carrier's second delivery of the same message once", async () => {
    const r = await receiver();
    const sid = `SMdup${r.number}`;
    expect((await live(r.number, "again", { providerMessageId: sid })).outcome).toBe("stored");
    expect(await live(r.number, "again", { providerMessageId: sid })).toEqual({ outcome: "duplicate" });
    expect(await db().message.count({ where: { organizationId: r.organizationId } })).toBe(1);
  });
});

describe("keywords", () => {
  it("recognizes the families of §10: whole message, trimmed, any case", () => {
    for (const w of ["STOP", " stop ", "StopAll", "unsubscribe", "CANCEL", "end", "Quit", "REVOKE", "optout"])
      expect(keywordOf(w)).toBe("stop");
    for (const w of ["START", "unstop", "Yes "]) expect(keywordOf(w)).toBe("start");
    for (const w of ["help", "INFO"]) expect(keywordOf(w)).toBe("help");
    for (const w of ["stop it", "STOP!", "please stop", "", "helpme"]) expect(keywordOf(w)).toBeNull();
  });

  it("STOP opts the sender out (keyword), emits contact.opted_out and replies, billed, from the number", async () => {
    const r = await receiver();
    const res = await live(r.number, "  Stop ");
    const inbound = await stored(res);
    const optOut = await db().contactOptOut.findUnique({
      where: { organizationId_phone: { organizationId: r.organizationId, phone: PHONE } },
    });
    expect(optOut).toMatchObject({ source: "keyword", optedOutAt: inbound.createdAt });
    const events = await eventsOf(r.organizationId);
    expect(events.find((e) => e.type === "contact.opted_out")!.payload).toEqual({
      phone: PHONE,
      source: "keyword",
      at: inbound.createdAt.toISOString(),
    });
    const [reply] = await outbound(r.organizationId);
    expect(reply).toMatchObject({
      to: PHONE,
      from: r.number,
      body: DEFAULT_REPLIES.stopReply,
      status: "QUEUED",
      environment: "live",
    });
    // Billed like any live message: priced at acceptance, charged to the month.
    expect(reply!.priceUnits).toBeGreaterThan(0n);
    const month = await db().billingMonth.findUniqueOrThrow({
      where: { organizationId_month: { organizationId: r.organizationId, month: monthOf(new Date()).start } },
    });
    expect(month.spendUnits).toBe(reply!.priceUnits);
    // From now on, sends to the number are refused.
    expectError(await api.send(r.testKey, { to: PHONE, body: "promo" }), 400, "recipient_opted_out");
    // A second STOP changes nothing but still confirms.
    await live(r.number, "STOP");
    expect((await eventsOf(r.organizationId)).filter((e) => e.type === "contact.opted_out")).toHaveLength(1);
    expect(await outbound(r.organizationId)).toHaveLength(2);
  });

  it("START opts back in with contact.opted_in and a reply; HELP replies and changes nothing", async () => {
    const r = await receiver();
    await live(r.number, "STOP");
    await live(r.number, "start");
    expect(await db().contactOptOut.count({ where: { organizationId: r.organizationId } })).toBe(0);
    expect((await eventsOf(r.organizationId)).map((e) => e.type).filter((t) => t.startsWith("contact."))).toEqual([
      "contact.opted_out",
      "contact.opted_in",
    ]);
    await live(r.number, "HELP");
    expect((await outbound(r.organizationId)).map((m) => m.body)).toEqual([
      DEFAULT_REPLIES.stopReply,
      DEFAULT_REPLIES.startReply,
      DEFAULT_REPLIES.helpReply,
    ]);
    expect((await api.send(r.testKey, { to: PHONE, body: "welcome back" })).status).toBe(202);
  });

  it("uses the organization's reply texts; an empty text sends none; keywordsEnabled false handles nothing", async () => {
    const r = await receiver();
    await updateInboundSettings(db(), r.organizationId, { stopReply: "Bye from Acme.", helpReply: "" }, SYSTEM_ACTOR);
    await live(r.number, "stop");
    await live(r.number, "help");
    expect((await outbound(r.organizationId)).map((m) => m.body)).toEqual(["Bye from Acme."]);
    await updateInboundSettings(db(), r.organizationId, { keywordsEnabled: false }, SYSTEM_ACTOR);
    await live(r.number, "start");
    expect(await db().contactOptOut.count({ where: { organizationId: r.organizationId } })).toBe(1);
    expect(await outbound(r.organizationId)).toHaveLength(1);
    // Still stored and announced as an ordinary inbound message.
    expect((await eventsOf(r.organizationId)).filter((e) => e.type === "message.received")).toHaveLength(3);
  });

  it("keeps the message and its opt-out together: a batch mixing organizations and keywords", async () => {
    const a = await receiver();
    const b = await receiver();
    const res = await receiveInboundMessages(db(), [
      { from: PHONE, to: b.number, body: "STOP", environment: "test", provider: "sandbox" },
      { from: PHONE, to: a.number, body: "hi", environment: "test", provider: "sandbox" },
      { from: PHONE, to: a.number, body: "STOP", environment: "test", provider: "sandbox" },
      { from: PHONE, to: "+19995550101", body: "STOP", environment: "test", provider: "sandbox" },
    ]);
    expect(res.map((s) => s.outcome)).toEqual(["stored", "stored", "stored", "unknown_number"]);
    for (const org of [a, b]) {
      expect(await db().contactOptOut.count({ where: { organizationId: org.organizationId } })).toBe(1);
      expect((await outbound(org.organizationId)).map((m) => [m.to, m.from, m.environment])).toEqual([
        [PHONE, org.number, "test"],
      ]);
    }
  });
});

describe("history, status and the dashboard", () => {
  it("GET /sms filters by direction; status shows the body, direction and receivedAt", async () => {
    const r = await receiver();
    const res = await receiveInboundMessage(db(), {
      from: PHONE,
      to: r.number,
      body: "Is my order ready?",
      environment: "test",
      provider: "sandbox",
    });
    if (res.outcome !== "stored") throw new Error("not stored");
    await api.send(r.testKey, { to: PHONE, body: "Yes!" });
    const list = (direction?: string) =>
      call(history.GET, "/api/v1/sms", { token: r.testKey, query: direction ? { direction } : {} });
    const inbound = await list("inbound");
    expect(inbound.status).toBe(200);
    expect(inbound.json).toEqual([
      expect.objectContaining({
        messageId: res.messageId,
        direction: "inbound",
        status: "RECEIVED",
        from: PHONE,
        to: r.number,
        body: "Is my order ready?",
        receivedAt: res.receivedAt.toISOString(),
        price: "0.0000",
      }),
    ]);
    expect((await list("outbound")).json.map((m: { direction: string }) => m.direction)).toEqual(["outbound"]);
    expect((await list()).json).toHaveLength(2);
    expect((await call(history.GET, "/api/v1/sms", { token: r.testKey, query: { status: "RECEIVED" } })).json).toEqual([
      expect.objectContaining({ messageId: res.messageId }),
    ]);
    const status = await api.status(r.testKey, res.messageId);
    expect(status.json).toMatchObject({
      status: "RECEIVED",
      direction: "inbound",
      body: "Is my order ready?",
      receivedAt: res.receivedAt.toISOString(),
    });
    // The dashboard's list and drawer.
    const caller = callerFor(r.userId, r.organizationId);
    const page = await caller.messages.list({});
    expect(page.items.find((m) => m.id === res.messageId)).toMatchObject({
      direction: "inbound",
      origin: "inbound",
      status: "RECEIVED",
      from: PHONE,
    });
    const detail = await caller.messages.byId({ id: res.messageId });
    expect(detail).toMatchObject({ body: "Is my order ready?", timeline: [{ status: "RECEIVED" }] });
  });
});

describe("GET/PATCH /api/v1/developer/inbound-settings", () => {
  const path = "/api/v1/developer/inbound-settings";
  it("answers the defaults, saves a partial update, validates, and applies the roles of §3", async () => {
    const r = await receiver();
    const get = (token: string) => call(settingsRoute.GET, path, { token });
    const patch = (token: string, body: unknown) => call(settingsRoute.PATCH, path, { token, body, method: "PATCH" });
    expect((await get(r.accessToken)).json).toEqual({ keywordsEnabled: true, ...DEFAULT_REPLIES });
    const saved = await patch(r.accessToken, { helpReply: "Call 555-0100." });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ keywordsEnabled: true, ...DEFAULT_REPLIES, helpReply: "Call 555-0100." });
    expectError(await patch(r.accessToken, { helpReply: "x".repeat(321) }), 400, "invalid_request");
    expectError(await patch(r.accessToken, { other: 1 }), 400, "invalid_request");
    const developer = await seedMember(r.organizationId, "developer");
    expect((await patch(developer.accessToken, { keywordsEnabled: false })).json.keywordsEnabled).toBe(false);
    const support = await seedMember(r.organizationId, "support");
    expect((await get(support.accessToken)).json.helpReply).toBe("Call 555-0100.");
    expectError(await patch(support.accessToken, { keywordsEnabled: true }), 403, "forbidden");
    expectError(await get(r.testKey), 401, "wrong_credential_type");
    // Each change is in the audit log, with who made it and only what changed.
    const audit = await db().auditLogEntry.findMany({
      where: { organizationId: r.organizationId, action: "inboundSettings.updated" },
      orderBy: { createdAt: "asc" },
    });
    expect(audit.map((a) => [a.actorUserId, a.changes])).toEqual([
      [r.userId, { before: { helpReply: DEFAULT_REPLIES.helpReply }, after: { helpReply: "Call 555-0100." } }],
      [developer.userId, { before: { keywordsEnabled: true }, after: { keywordsEnabled: false } }],
    ]);
    // Another organization has its own.
    const other = await receiver();
    expect((await get(other.accessToken)).json.helpReply).toBe(DEFAULT_REPLIES.helpReply);
  });
});
