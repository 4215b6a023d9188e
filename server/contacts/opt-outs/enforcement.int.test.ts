// Opt-outs enforced at acceptance (contract §10): single sends, bulk items (by index) and OTP are
// refused with recipient_opted_out, in the sandbox and live, nothing queued or charged; and the
// race between an opt-out and a send at the same moment, decided by the opt-out lock.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { runSql } from "@/server/db/sql";
import { startTestTwilioServer, type TestTwilioServer } from "@/server/carriers/twilio/test-twilio-server";
import { insertMessages, type NewMessage } from "@/server/messages/insert-messages";
import { api, eventsOf, seedSender } from "@/server/test/messaging";
import { useLiveCarriers } from "@/server/test/live-carriers";
import { expectError } from "@/server/test/http";
import { newId } from "@/server/ids";
import { monthOf } from "@/server/billing/period";
import { addOptOut } from "./add-opt-out";
import { removeOptOut } from "./remove-opt-out";
import { lockOptOuts } from "./lock-opt-outs";

const SID = "AC99992222333344445555666677770017";
const TOKEN = "opt-out-test-token-0123456789abcdef";
const OUT = "+14155550170";
const IN = "+14155550171";

let twilio: TestTwilioServer;
let restore: () => Promise<void>;

beforeAll(async () => {
  twilio = await startTestTwilioServer({ accountSid: SID, authToken: TOKEN });
  ({ restore } = await useLiveCarriers({
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_API_BASE_URL: twilio.baseUrl,
    PUBLIC_BASE_URL: "http://127.0.0.1:9",
  }));
});

afterAll(async () => {
  await restore();
  await twilio.close();
});

const db = () => getDb();
const messagesTo = (organizationId: string, to: string) => db().message.count({ where: { organizationId, to } });

async function spend(organizationId: string) {
  const row = await db().billingMonth.findUnique({
    where: { organizationId_month: { organizationId, month: monthOf(new Date()).start } },
  });
  return { spend: Number(row?.spendUnits ?? 0n), messages: Number(row?.messages ?? 0n) };
}

async function optedOutSender() {
  const sender = await seedSender();
  await addOptOut(db(), sender.organizationId, { phone: OUT }, "api");
  return sender;
}

describe("a send to an opted-out number is refused", () => {
  for (const environment of ["test", "live"] as const) {
    it(`single send (${environment}): 400 recipient_opted_out, nothing queued, charged or announced`, async () => {
      const sender = await optedOutSender();
      const key = environment === "test" ? sender.testKey : sender.liveKey;
      const refused = await api.send(key, { to: OUT, body: "hello" });
      expectError(refused, 400, "recipient_opted_out");
      expect(refused.json.error.message).toContain(OUT);
      expect(await messagesTo(sender.organizationId, OUT)).toBe(0);
      expect((await eventsOf(sender.organizationId)).filter((e) => e.type === "message.queued")).toEqual([]);
      expect(await spend(sender.organizationId)).toEqual({ spend: 0, messages: 0 });
      // Another number goes through; so does the opted-out one once it has opted back in.
      expect((await api.send(key, { to: IN, body: "hello" })).status).toBe(202);
      await removeOptOut(db(), sender.organizationId, OUT, "api");
      expect((await api.send(key, { to: OUT, body: "hello" })).status).toBe(202);
    });

    it(`OTP send (${environment}): 400 recipient_opted_out and no code kept`, async () => {
      const sender = await optedOutSender();
      const key = environment === "test" ? sender.testKey : sender.liveKey;
      expectError(await api.otpSend(key, { to: OUT }), 400, "recipient_opted_out");
      expect(await db().otpCode.count({ where: { organizationId: sender.organizationId } })).toBe(0);
      expect(await messagesTo(sender.organizationId, OUT)).toBe(0);
      expect((await api.otpSend(key, { to: IN })).status).toBe(202);
    });

    it(`bulk (${environment}): opted-out items refused by index, the others queued`, async () => {
      const sender = await optedOutSender();
      const key = environment === "test" ? sender.testKey : sender.liveKey;
      const res = await api.bulk(key, {
        messages: [
          { to: OUT, body: "0" },
          { to: IN, body: "1" },
          { to: "+1415", body: "2 invalid" },
          { to: OUT, body: "3" },
          { to: IN, body: "4" },
        ],
      });
      expect(res.status).toBe(202);
      expect(res.json.messages.map((m: { index: number }) => m.index)).toEqual([1, 4]);
      expect(res.json.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
        [0, "recipient_opted_out"],
        [2, "invalid_phone_number"],
        [3, "recipient_opted_out"],
      ]);
      expect(res.json).toMatchObject({ accepted: 2, rejected: 3 });
      expect(await messagesTo(sender.organizationId, OUT)).toBe(0);
      expect(await messagesTo(sender.organizationId, IN)).toBe(2);
    });
  }

  it("an opted-out item consumes no spend: the limit is left to the items that are accepted", async () => {
    const sender = await optedOutSender();
    // Room for exactly two US messages (79 each).
    await db().organization.update({
      where: { id: sender.organizationId },
      data: { monthlySpendLimitUnits: 158n },
    });
    const res = await api.bulk(sender.liveKey, {
      messages: [
        { to: OUT, body: "0" },
        { to: IN, body: "1" },
        { to: OUT, body: "2" },
        { to: IN, body: "3" },
        { to: IN, body: "4" },
      ],
    });
    expect(res.json.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
      [0, "recipient_opted_out"],
      [2, "recipient_opted_out"],
      [4, "spending_limit_reached"],
    ]);
    expect(await spend(sender.organizationId)).toEqual({ spend: 158, messages: 2 });
  });

  it("checks a bulk of 1,000 in its one statement, whatever the mix", async () => {
    const sender = await seedSender();
    const phones = Array.from({ length: 1000 }, (_, i) => `+1415555${String(i).padStart(4, "0")}`);
    // Every third number opted out.
    await db().contactOptOut.createMany({
      data: phones
        .filter((_, i) => i % 3 === 0)
        .map((phone) => ({ organizationId: sender.organizationId, phone, source: "api" })),
    });
    const res = await api.bulk(sender.testKey, { messages: phones.map((to) => ({ to, body: "hi" })) });
    expect(res.status).toBe(202);
    const refused = res.json.errors.map((e: { index: number }) => e.index);
    expect(refused).toEqual(phones.map((_, i) => i).filter((i) => i % 3 === 0));
    expect(new Set(res.json.errors.map((e: { code: string }) => e.code))).toEqual(new Set(["recipient_opted_out"]));
    expect(res.json.accepted).toBe(666);
  });

  it("an opt-out of one organization does not refuse another organization's sends", async () => {
    await optedOutSender();
    const other = await seedSender();
    expect((await api.send(other.testKey, { to: OUT, body: "hello" })).status).toBe(202);
  });
});

// The race needs two connections; PGlite has one, so it runs on PostgreSQL.
const onPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "");

/**
 * Resolves once some backend waits for an advisory lock (the opt-out lock) in this database:
 * pg_locks shows the whole server, where another test worker has a database of its own.
 */
async function someoneWaitsForAdvisoryLock(): Promise<void> {
  for (;;) {
    const [row] = await runSql<{ waiting: number }>(
      null,
      `SELECT count(*)::int AS waiting FROM pg_locks
       WHERE locktype = 'advisory' AND NOT granted
         AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      [],
    );
    if (row && row.waiting > 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
}

function message(organizationId: string, to: string): NewMessage {
  return {
    id: newId("msg"),
    organizationId,
    apiKeyId: null,
    batchId: null,
    otpId: null,
    environment: "test",
    to,
    from: "SG",
    body: "race",
    segments: 1,
    encoding: "GSM-7",
    country: "US",
  };
}

describe.runIf(onPostgres)("a send and an opt-out at the same moment", () => {
  it("a send arriving while an opt-out is being written waits for it, then is refused", async () => {
    const sender = await seedSender();
    let send: ReturnType<typeof api.send> | undefined;
    await db().$transaction(
      async (tx) => {
        await lockOptOuts(tx, sender.organizationId);
        await tx.contactOptOut.create({ data: { organizationId: sender.organizationId, phone: OUT, source: "api" } });
        send = api.send(sender.testKey, { to: OUT, body: "now" });
        await someoneWaitsForAdvisoryLock();
      },
      { timeout: 20_000 },
    );
    expectError(await send!, 400, "recipient_opted_out");
    expect(await messagesTo(sender.organizationId, OUT)).toBe(0);
  });

  it("an opt-out arriving while a send is being accepted waits until the send has committed", async () => {
    const sender = await seedSender();
    let optOutDone = false;
    let optOut: Promise<unknown> | undefined;
    let doneBeforeCommit: boolean | undefined;
    await db().$transaction(
      async (tx) => {
        expect(await insertMessages(tx, [message(sender.organizationId, OUT)], new Date())).toEqual([null]);
        optOut = addOptOut(db(), sender.organizationId, { phone: OUT }, "api").then(() => (optOutDone = true));
        await someoneWaitsForAdvisoryLock();
        doneBeforeCommit = optOutDone;
      },
      { timeout: 20_000 },
    );
    await optOut;
    expect(doneBeforeCommit).toBe(false);
    // The send was accepted before the opt-out committed; every send after it is refused.
    expect(await messagesTo(sender.organizationId, OUT)).toBe(1);
    expectError(await api.send(sender.testKey, { to: OUT, body: "after" }), 400, "recipient_opted_out");
  });

  it("under concurrent sends, every send that starts after the opt-out committed is refused", async () => {
    const sender = await seedSender();
    const send = () => api.send(sender.testKey, { to: OUT, body: "burst" });
    const during = Array.from({ length: 20 }, send);
    await addOptOut(db(), sender.organizationId, { phone: OUT }, "api");
    const after = await Promise.all(Array.from({ length: 20 }, send));
    for (const r of after) expectError(r, 400, "recipient_opted_out");
    const before = await Promise.all(during);
    const accepted = before.filter((r) => r.status === 202).length;
    for (const r of before.filter((r) => r.status !== 202)) expectError(r, 400, "recipient_opted_out");
    expect(await messagesTo(sender.organizationId, OUT)).toBe(accepted);
  });
});
