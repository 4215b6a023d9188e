// Money of scheduled sends (contract §8, §11), live through a loopback Twilio-shaped carrier: a
// scheduled message is priced and held against the spend limit when it is accepted; CANCELED gives
// back exactly what it held, like FAILED; usage, statements and analytics agree with the month after
// cancels; and a message scheduled in November and sent in December counts in November.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { startTestTwilioServer, type TestTwilioServer } from "@/server/carriers/twilio/test-twilio-server";
import { useLiveCarriers } from "@/server/test/live-carriers";
import { api, runPipeline, seedSender } from "@/server/test/messaging";
import { call, expectError } from "@/server/test/http";
import { recountMessageStats } from "@/server/analytics/recount";
import { getUsage } from "@/server/billing/get-usage";
import { getStatementOrThrow } from "@/server/billing/statements";
import { getMessageAnalytics } from "@/server/analytics/message-analytics";
import { monthOf } from "@/server/billing/period";
import { sendSms } from "@/server/messages/send-sms";
import { sendBulkSms } from "@/server/messages/send-bulk";
import * as smsCancel from "@/app/api/v1/sms/[messageId]/cancel/route";
import { dispatchDueBatch } from "./dispatch-due";
import { cancelScheduledBatchOrThrow } from "./cancel-scheduled";

const SID = "AC55556666777788889999000011112222";
const TOKEN = "scheduling-test-token-0123456789abcd";
const US = "+14155550123";

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

const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();
const cancel = (key: string, messageId: string) =>
  call(smsCancel.POST, `/api/v1/sms/${messageId}/cancel`, { token: key, method: "POST", params: { messageId } });

async function month(organizationId: string, at = new Date()) {
  const row = await getDb().billingMonth.findUnique({
    where: { organizationId_month: { organizationId, month: monthOf(at).start } },
  });
  return { spend: Number(row?.spendUnits ?? 0n), messages: Number(row?.messages ?? 0n) };
}

/** What every read of the month says, in units: the month row, usage, the statement, analytics. */
async function everyTotal(organizationId: string, now = new Date()) {
  const period = monthOf(now);
  const usage = await getUsage(getDb(), organizationId, { groupBy: "day", environment: "live" }, now);
  const statement = await getStatementOrThrow(getDb(), organizationId, period.start.toISOString().slice(0, 7), now);
  const analytics = await getMessageAnalytics(
    getDb(),
    organizationId,
    "live",
    { from: period.start, to: period.end, granularity: "day" },
    now,
  );
  return {
    month: (await month(organizationId, now)).spend,
    usage: usage.total.price,
    usageMessages: usage.total.messages,
    statement: statement.total,
    analytics: analytics.totals.price,
  };
}

describe("a scheduled live message's money", () => {
  it("is priced and held at acceptance; a cancel releases it exactly, and the limit can be used again", async () => {
    const sender = await seedSender();
    const first = await api.send(sender.liveKey, { to: US, body: "reminder", sendAt: inSeconds(600) });
    expect(first.json).toMatchObject({ status: "SCHEDULED", price: "0.0079" });
    expect(await month(sender.organizationId)).toEqual({ spend: 79, messages: 1 });
    // A limit of exactly one message: the scheduled one holds it.
    await getDb().organization.update({ where: { id: sender.organizationId }, data: { monthlySpendLimitUnits: 79n } });
    expectError(
      await api.send(sender.liveKey, { to: US, body: "second", sendAt: inSeconds(600) }),
      402,
      "spending_limit_reached",
    );
    expect(await everyTotal(sender.organizationId)).toEqual({
      month: 79,
      usage: "0.0079",
      usageMessages: 1,
      statement: "0.0079",
      analytics: "0.0079",
    });

    const canceled = await cancel(sender.liveKey, first.json.messageId);
    expect(canceled.json).toMatchObject({ status: "CANCELED", price: "0.0000" });
    expect(await month(sender.organizationId)).toEqual({ spend: 0, messages: 0 });
    expect(await everyTotal(sender.organizationId)).toEqual({
      month: 0,
      usage: "0.0000",
      usageMessages: 0,
      statement: "0.0000",
      analytics: "0.0000",
    });
    expect(await recountMessageStats(null, sender.organizationId)).toEqual([]);

    // What the cancel released fits again.
    const again = await api.send(sender.liveKey, { to: US, body: "third", sendAt: inSeconds(600) });
    expect(again.status).toBe(202);
    expect(await month(sender.organizationId)).toEqual({ spend: 79, messages: 1 });
  });

  it("a live batch canceled in part: totals agree with the month, to the unit", async () => {
    const sender = await seedSender();
    const now = new Date();
    const sendAt = new Date(now.getTime() + 120_000).toISOString();
    const who = { organizationId: sender.organizationId, environment: "live" as const, apiKeyId: null };
    const kept = await sendBulkSms(getDb(), who, { messages: [{ to: US, body: "x".repeat(200) }], sendAt }, { now });
    const dropped = await sendBulkSms(
      getDb(),
      who,
      { messages: Array.from({ length: 3 }, () => ({ to: "+447400123456", body: "hello" })), sendAt },
      { now },
    );
    const held = await month(sender.organizationId);
    expect(held.messages).toBe(4);
    expect(await cancelScheduledBatchOrThrow(getDb(), sender.organizationId, dropped.batchId)).toEqual({
      batchId: dropped.batchId,
      canceled: 3,
    });
    const totals = await everyTotal(sender.organizationId);
    expect(totals).toEqual({
      month: 158,
      usage: "0.0158",
      usageMessages: 1,
      statement: "0.0158",
      analytics: "0.0158",
    });
    // The kept one goes out at its time and stays billed.
    const due = new Date(Date.parse(sendAt) + 1);
    expect(await dispatchDueBatch(due, 100, sender.organizationId)).toEqual({ queued: 1, canceled: 0, failed: 0 });
    await runPipeline(sender.organizationId, due);
    const sent = await getDb().message.findFirstOrThrow({ where: { id: kept.messages[0]!.messageId } });
    expect(sent.status).toBe("SENT");
    expect(await everyTotal(sender.organizationId)).toEqual(totals);
    expect(await recountMessageStats(null, sender.organizationId)).toEqual([]);
  });

  it("scheduled in November and sent in December counts in November, when it was accepted", async () => {
    const sender = await seedSender();
    const who = { organizationId: sender.organizationId, environment: "live" as const, apiKeyId: null };
    const accepted = new Date("2026-11-30T23:59:30.000Z");
    const sendAt = "2026-12-01T00:00:40.000Z";
    const res = await sendSms(getDb(), who, { to: US, body: "happy december", sendAt }, { now: accepted });
    expect(res.status).toBe("SCHEDULED");

    const due = new Date("2026-12-01T00:00:41.000Z");
    expect(await dispatchDueBatch(due, 100, sender.organizationId)).toEqual({ queued: 1, canceled: 0, failed: 0 });
    await runPipeline(sender.organizationId, due);
    const message = await getDb().message.findFirstOrThrow({ where: { id: res.messageId } });
    expect(message.status).toBe("SENT");
    expect(message.sentAt!.toISOString() >= "2026-12-01").toBe(true);

    const inDecember = new Date("2026-12-02T12:00:00.000Z");
    const usage = (from: string, to: string) =>
      getUsage(getDb(), sender.organizationId, { from, to, groupBy: "day", environment: "live" }, inDecember);
    expect((await usage("2026-11-01", "2026-11-30")).total).toEqual({ messages: 1, segments: 1, price: "0.0079" });
    expect((await usage("2026-12-01", "2026-12-31")).total).toEqual({ messages: 0, segments: 0, price: "0.0000" });
    expect(await month(sender.organizationId, accepted)).toEqual({ spend: 79, messages: 1 });
    expect(await month(sender.organizationId, due)).toEqual({ spend: 0, messages: 0 });
    const november = await getStatementOrThrow(getDb(), sender.organizationId, "2026-11", inDecember);
    expect(november.total).toBe("0.0079");
  });
});
