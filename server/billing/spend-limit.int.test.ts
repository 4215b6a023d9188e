// Prices on messages and the spend controls at acceptance (contract §8), through the API with a
// live carrier on loopback (a Twilio-shaped server): prices in the 202, status and events; the
// monthly limit for single, bulk (per index, in order) and OTP sends, exact under concurrency;
// allowed countries in the sandbox and live; FAILED releases what it held; alerts once per month.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import type { LiveCarriers } from "@/server/carriers/live";
import { startTestTwilioServer, type TestTwilioServer } from "@/server/carriers/twilio/test-twilio-server";
import { applyTransitionsById } from "@/server/test/transitions";
import { insertMessages, type NewMessage } from "@/server/messages/insert-messages";
import { api, eventsOf, seedSender } from "@/server/test/messaging";
import { useLiveCarriers } from "@/server/test/live-carriers";
import { expectError } from "@/server/test/http";
import { newId } from "@/server/ids";
import { monthOf } from "./period";

const SID = "AC99992222333344445555666677778888";
const TOKEN = "billing-test-token-0123456789abcdef";
const US = "+14155550123";
const GB = "+447400123456";

let twilio: TestTwilioServer;
let restore: () => Promise<void>;

beforeAll(async () => {
  twilio = await startTestTwilioServer({ accountSid: SID, authToken: TOKEN });
  ({ restore } = (await useLiveCarriers({
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_API_BASE_URL: twilio.baseUrl,
    PUBLIC_BASE_URL: "http://127.0.0.1:9",
  })) as { live: LiveCarriers; restore: () => Promise<void> });
});

afterAll(async () => {
  await restore();
  await twilio.close();
});

const db = () => getDb();

async function settings(
  organizationId: string,
  data: { limit?: bigint | null; thresholds?: number[]; countries?: string[] },
) {
  await db().organization.update({
    where: { id: organizationId },
    data: {
      ...(data.limit !== undefined && { monthlySpendLimitUnits: data.limit }),
      ...(data.thresholds && { alertThresholds: data.thresholds }),
      ...(data.countries && { allowedCountries: data.countries }),
    },
  });
}

async function month(organizationId: string) {
  const row = await db().billingMonth.findUnique({
    where: { organizationId_month: { organizationId, month: monthOf(new Date()).start } },
  });
  return {
    spend: Number(row?.spendUnits ?? 0n),
    messages: Number(row?.messages ?? 0n),
    segments: Number(row?.segments ?? 0n),
  };
}

const messageCount = (organizationId: string) => db().message.count({ where: { organizationId } });

describe("a price on every message", () => {
  it("a live message costs segments × its country's price: in the 202, status, its event and the month", async () => {
    const sender = await seedSender();
    const res = await api.send(sender.liveKey, { to: US, body: "x".repeat(200) });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ segments: 2, price: "0.0158", priceUnit: "USD", environment: "live" });
    const status = await api.status(sender.liveKey, res.json.messageId);
    expect(status.json).toMatchObject({ price: "0.0158", priceUnit: "USD" });
    const [queued] = (await eventsOf(sender.organizationId)).filter((e) => e.type === "message.queued");
    expect(queued!.payload).toMatchObject({ messageId: res.json.messageId, price: "0.0158", priceUnit: "USD" });
    expect(await month(sender.organizationId)).toEqual({ spend: 158, messages: 1, segments: 2 });
  });

  it("a sandbox message costs nothing and counts toward nothing", async () => {
    const sender = await seedSender();
    const res = await api.send(sender.testKey, { to: GB, body: "hello" });
    expect(res.json).toMatchObject({ price: "0.0000", priceUnit: "USD" });
    expect(await month(sender.organizationId)).toEqual({ spend: 0, messages: 0, segments: 0 });
  });

  it("a live message that ends FAILED is not billed: price 0 and the month gives back what it held", async () => {
    const sender = await seedSender();
    const a = await api.send(sender.liveKey, { to: GB, body: "one" });
    await api.send(sender.liveKey, { to: US, body: "two" });
    expect(await month(sender.organizationId)).toEqual({ spend: 463 + 79, messages: 2, segments: 2 });
    const moved = await applyTransitionsById(
      [{ messageId: a.json.messageId, from: "QUEUED", to: "FAILED", errorCode: "invalid_number", errorMessage: "x" }],
      new Date(),
    );
    expect(moved).toEqual([a.json.messageId]);
    expect((await api.status(sender.liveKey, a.json.messageId)).json).toMatchObject({
      status: "FAILED",
      price: "0.0000",
    });
    expect(await month(sender.organizationId)).toEqual({ spend: 79, messages: 1, segments: 1 });
    const failed = (await eventsOf(sender.organizationId)).find((e) => e.type === "message.failed");
    expect(failed!.payload).toMatchObject({ price: "0.0000" });
    // A second FAILED for the same message moves nothing and releases nothing twice.
    await applyTransitionsById([{ messageId: a.json.messageId, from: "QUEUED", to: "FAILED" }], new Date());
    expect(await month(sender.organizationId)).toEqual({ spend: 79, messages: 1, segments: 1 });
  });
});

describe("the monthly spend limit", () => {
  it("refuses the single send that would pass it with 402, writing nothing", async () => {
    const sender = await seedSender();
    await settings(sender.organizationId, { limit: 158n });
    expect((await api.send(sender.liveKey, { to: US, body: "1" })).status).toBe(202);
    expect((await api.send(sender.liveKey, { to: US, body: "2" })).status).toBe(202);
    const over = await api.send(sender.liveKey, { to: US, body: "3" });
    expectError(over, 402, "spending_limit_reached");
    expect(await messageCount(sender.organizationId)).toBe(2);
    expect(await month(sender.organizationId)).toEqual({ spend: 158, messages: 2, segments: 2 });
    // The sandbox is never limited.
    expect((await api.send(sender.testKey, { to: US, body: "4" })).status).toBe(202);
  });

  it("takes bulk items in index order until the limit, refusing the rest by index", async () => {
    const sender = await seedSender();
    await settings(sender.organizationId, { limit: 79n * 3n + 50n });
    const res = await api.bulk(sender.liveKey, {
      messages: [
        { to: US, body: "0" },
        { to: "+1415", body: "1 invalid" },
        { to: US, body: "2" },
        { to: US, body: "3" },
        { to: US, body: "4" },
        { to: US, body: "5" },
      ],
    });
    expect(res.status).toBe(202);
    expect(res.json.accepted).toBe(3);
    expect(res.json.messages.map((m: { index: number }) => m.index)).toEqual([0, 2, 3]);
    expect(res.json.errors.map((e: { index: number; code: string }) => [e.index, e.code])).toEqual([
      [1, "invalid_phone_number"],
      [4, "spending_limit_reached"],
      [5, "spending_limit_reached"],
    ]);
    expect(res.json.rejected).toBe(3);
    expect(await messageCount(sender.organizationId)).toBe(3);
    expect(await month(sender.organizationId)).toEqual({ spend: 237, messages: 3, segments: 3 });
  });

  it("refuses a live OTP past the limit with 402, and keeps no code", async () => {
    const sender = await seedSender();
    await settings(sender.organizationId, { limit: 0n });
    expectError(await api.otpSend(sender.liveKey, { to: US }), 402, "spending_limit_reached");
    expect(await db().otpCode.count({ where: { organizationId: sender.organizationId } })).toBe(0);
    expect(await messageCount(sender.organizationId)).toBe(0);
  });

  it("is exact under concurrency: concurrent transactions never accept one message over the limit", async () => {
    const sender = await seedSender();
    const price = 100;
    await settings(sender.organizationId, { limit: BigInt(price * 25) });
    const item = (): NewMessage => ({
      id: newId("msg"),
      organizationId: sender.organizationId,
      apiKeyId: null,
      batchId: null,
      otpId: null,
      environment: "live",
      to: US,
      from: "SG",
      body: "race",
      segments: 1,
      encoding: "GSM-7",
      priceUnits: price,
      country: "US",
    });
    // 20 transactions of 3 messages each (60 messages for room for 25), each on its own connection
    // on PostgreSQL, all at once; plus 10 group-committed single sends through the API.
    const outcomes = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        db().$transaction((tx) => insertMessages(tx, [item(), item(), item()], new Date())),
      ),
    ]);
    const singles = await Promise.all(
      Array.from({ length: 10 }, () => api.send(sender.liveKey, { to: US, body: "r" })),
    );
    const acceptedInTx = outcomes.flat().filter((o) => o === null).length;
    const acceptedSingles = singles.filter((r) => r.status === 202).length;
    // 79 per US single send: what the transactions left is filled exactly, to the unit.
    const left = price * 25 - acceptedInTx * price;
    expect(acceptedSingles).toBe(Math.min(10, Math.floor(left / 79)));
    for (const r of singles.filter((s) => s.status !== 202)) expectError(r, 402, "spending_limit_reached");
    expect(acceptedInTx).toBe(25);
    const totals = await month(sender.organizationId);
    expect(totals.spend).toBe(acceptedInTx * price + acceptedSingles * 79);
    expect(totals.spend).toBeLessThanOrEqual(price * 25);
    expect(await messageCount(sender.organizationId)).toBe(acceptedInTx + acceptedSingles);
    const sum = await db().message.aggregate({
      where: { organizationId: sender.organizationId },
      _sum: { priceUnits: true },
    });
    expect(Number(sum._sum.priceUnits)).toBe(totals.spend);
  });
});

describe("allowed countries", () => {
  it("refuse other countries in the sandbox and live alike: single, bulk by index, OTP", async () => {
    const sender = await seedSender();
    await settings(sender.organizationId, { countries: ["GB"] });
    expectError(await api.send(sender.testKey, { to: US, body: "no" }), 400, "country_not_allowed");
    expectError(await api.send(sender.liveKey, { to: US, body: "no" }), 400, "country_not_allowed");
    expect((await api.send(sender.liveKey, { to: GB, body: "yes" })).status).toBe(202);
    const bulk = await api.bulk(sender.testKey, {
      messages: [
        { to: US, body: "0" },
        { to: GB, body: "1" },
      ],
    });
    expect(bulk.json.errors).toEqual([
      { index: 0, code: "country_not_allowed", message: expect.stringContaining("US") },
    ]);
    expect(bulk.json.accepted).toBe(1);
    expectError(await api.otpSend(sender.testKey, { to: US }), 400, "country_not_allowed");
    expect(await db().otpCode.count({ where: { organizationId: sender.organizationId } })).toBe(0);
    expect(await messageCount(sender.organizationId)).toBe(2);
  });
});

describe("alerts", () => {
  it("billing.threshold_reached fires once per threshold per month, written with the message that crossed it", async () => {
    const sender = await seedSender();
    await settings(sender.organizationId, { limit: 1000n, thresholds: [50, 100] });
    const send = (n: number) =>
      api.bulk(sender.liveKey, { messages: Array.from({ length: n }, (_, i) => ({ to: US, body: `m${i}` })) });
    await send(6); // 474: below 50 %
    const alerts = async () =>
      (await eventsOf(sender.organizationId))
        .filter((e) => e.type === "billing.threshold_reached")
        .map((e) => e.payload);
    expect(await alerts()).toEqual([]);
    await send(1); // 553: crosses 50 %
    await send(1); // 632
    const { start, end } = monthOf(new Date());
    expect(await alerts()).toEqual([
      {
        threshold: 50,
        monthlySpendLimit: "0.1000",
        spend: "0.0553",
        period: { start: start.toISOString(), end: end.toISOString() },
      },
    ]);
    const last = await send(10); // 4 more fit: 948; a fifth would make 1027 > 1000
    expect(last.json.accepted).toBe(4);
    expect(await alerts()).toHaveLength(1);
    // Lift the limit a little so the next message lands exactly on 100 %.
    await settings(sender.organizationId, { limit: 948n + 79n });
    await send(1);
    expect((await alerts()).map((a) => (a as { threshold: number }).threshold)).toEqual([50, 100]);
    await send(1);
    expect(await alerts()).toHaveLength(2);
  });
});
