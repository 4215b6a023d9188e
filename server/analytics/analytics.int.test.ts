// contract §9 analytics, answered from the hourly aggregates the triggers keep: counts follow the
// messages' transitions (and nothing else), time to deliver and rates come out right, and the
// aggregates always equal a recount from the messages.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newIdAt } from "../ids";
import { insertMessages, type NewMessage } from "../messages/insert-messages";
import { applyTransitionsById } from "@/server/test/transitions";
import { call, expectError } from "../test/http";
import { api, seedSender } from "../test/messaging";
import { runSql } from "../db/sql";
import { recountMessageStats } from "./recount";
import { dispatchDueBatch } from "../scheduling/dispatch-due";
import { getMessageAnalytics } from "./message-analytics";
import * as messagesRoute from "@/app/api/v1/analytics/messages/route";
import * as otpRoute from "@/app/api/v1/analytics/otp/route";

type Sender = Awaited<ReturnType<typeof seedSender>>;
const H = 3_600_000;
const T0 = new Date(Date.UTC(2026, 10, 20, 10)); // 20 Nov 2026, 10:00 UTC

async function seed(sender: Sender, at: Date, fields: Partial<NewMessage> = {}) {
  const id = newIdAt("msg", at);
  await insertMessages(
    null,
    [
      {
        id,
        organizationId: sender.organizationId,
        apiKeyId: null,
        batchId: null,
        otpId: null,
        environment: "test",
        to: "+14155550123",
        from: "SG",
        body: "x",
        segments: 1,
        encoding: "GSM-7",
        country: "US",
        createdAt: at,
        ...fields,
      },
    ],
    at,
  );
  return id;
}

const move = (id: string, from: "QUEUED" | "SENT", to: "SENT" | "DELIVERED" | "UNDELIVERED" | "FAILED", at: Date) =>
  applyTransitionsById([{ messageId: id, from, to }], at);

const messagesOf = (key: string, query: Record<string, string>) =>
  call(messagesRoute.GET, "/api/v1/analytics/messages", { token: key, query });

describe("message analytics", () => {
  let sender: Sender;
  beforeAll(async () => {
    sender = await seedSender();
    // Hour 10: three US messages (delivered in 2 s and 8 s, one undelivered); one GB message failed.
    const a = await seed(sender, T0);
    const b = await seed(sender, new Date(T0.getTime() + 60_000), { segments: 2 });
    const c = await seed(sender, new Date(T0.getTime() + 120_000));
    const d = await seed(sender, new Date(T0.getTime() + 180_000), { to: "+447400123456", country: "GB" });
    for (const id of [a, b, c]) await move(id, "QUEUED", "SENT", new Date(T0.getTime() + 1000));
    await move(a, "SENT", "DELIVERED", new Date(T0.getTime() + 2000));
    await move(b, "SENT", "DELIVERED", new Date(T0.getTime() + 60_000 + 8000));
    await move(c, "SENT", "UNDELIVERED", new Date(T0.getTime() + 130_000));
    await move(d, "QUEUED", "FAILED", new Date(T0.getTime() + 181_000));
    // Next day: one live message (another environment), one sandbox message still queued.
    await seed(sender, new Date(T0.getTime() + 24 * H), { environment: "live", priceUnits: 79 });
    await seed(sender, new Date(T0.getTime() + 25 * H));
  });

  it("counts by day, with the delivery rate and time to deliver", async () => {
    const res = await messagesOf(sender.testKey, {
      from: "2026-11-20",
      to: "2026-11-22",
      granularity: "day",
    });
    expect(res.status).toBe(200);
    expect(res.json.series.map((p: { start: string; sent: number }) => [p.start, p.sent])).toEqual([
      ["2026-11-20T00:00:00.000Z", 4],
      ["2026-11-21T00:00:00.000Z", 1],
    ]);
    const day1 = res.json.series[0];
    expect(day1).toMatchObject({ delivered: 2, undelivered: 1, failed: 1, segments: 5, price: "0.0000" });
    expect(day1.deliveryRate).toBeCloseTo(2 / 4);
    // 2 s and 8 s: the median is between, the 95th near 8 s (within the histogram's ±19 %).
    expect(day1.timeToDeliver.p50Ms).toBeGreaterThan(1400);
    expect(day1.timeToDeliver.p50Ms).toBeLessThan(8000 * 1.19);
    expect(day1.timeToDeliver.p95Ms).toBeGreaterThan(8000 / 1.19);
    expect(day1.timeToDeliver.p95Ms).toBeLessThan(8000 * 1.19);
    expect(res.json.series[1]).toMatchObject({
      sent: 1,
      deliveryRate: null,
      timeToDeliver: { p50Ms: null, p95Ms: null },
    });
    expect(res.json.totals).toMatchObject({ sent: 5, delivered: 2, undelivered: 1, failed: 1 });
  });

  it("counts by hour, by country, and for one country; the live key sees live messages and their price", async () => {
    const hourly = await messagesOf(sender.testKey, {
      from: T0.toISOString(),
      to: new Date(T0.getTime() + 2 * H).toISOString(),
      granularity: "hour",
    });
    expect(hourly.json.series.map((p: { sent: number }) => p.sent)).toEqual([4, 0]);
    const byCountry = await messagesOf(sender.testKey, { from: "2026-11-20", to: "2026-11-21", groupBy: "country" });
    expect(byCountry.json.series.map((p: { country: string; sent: number }) => [p.country, p.sent])).toEqual([
      ["US", 3],
      ["GB", 1],
    ]);
    const gb = await messagesOf(sender.testKey, { from: "2026-11-20", to: "2026-11-21", country: "GB" });
    expect(gb.json.totals).toMatchObject({ sent: 1, failed: 1, deliveryRate: 0 });
    const live = await messagesOf(sender.liveKey, { from: "2026-11-20", to: "2026-11-22" });
    expect(live.json.totals).toMatchObject({ sent: 1, price: "0.0079" });
  });

  it("refuses ranges past the limits and upside down", async () => {
    expectError(await messagesOf(sender.testKey, { from: "2025-01-01", to: "2026-11-01" }), 400, "invalid_request");
    expectError(
      await messagesOf(sender.testKey, { from: "2026-11-01", to: "2026-11-09", granularity: "hour" }),
      400,
      "invalid_request",
    );
    expectError(await messagesOf(sender.testKey, { from: "2026-11-02", to: "2026-11-01" }), 400, "invalid_request");
    expectError(await messagesOf(sender.testKey, { granularity: "week" }), 400, "invalid_request");
    expectError(await messagesOf(sender.testKey, { country: "usa" }), 400, "invalid_request");
  });

  it("an update that changes no status counts nothing (retention's redaction, a claim)", async () => {
    const before = await getMessageAnalytics(getDb(), sender.organizationId, "test", {
      from: new Date("2026-11-20"),
      to: new Date("2026-11-22"),
      granularity: "day",
    });
    await runSql(null, `UPDATE messages SET body = '', locked_until = now() WHERE organization_id = $1`, [
      sender.organizationId,
    ]);
    const after = await getMessageAnalytics(getDb(), sender.organizationId, "test", {
      from: new Date("2026-11-20"),
      to: new Date("2026-11-22"),
      granularity: "day",
    });
    expect(after).toEqual(before);
  });

  it("the aggregates equal a recount from the messages, also after concurrent sends and transitions", async () => {
    const other = await seedSender();
    const sends = await Promise.all(
      Array.from({ length: 30 }, (_, i) => api.send(other.testKey, { to: "+14155550123", body: `c${i}` })),
    );
    await api.bulk(other.testKey, { messages: Array.from({ length: 20 }, () => ({ to: "+447400123456", body: "b" })) });
    const ids = sends.map((s) => s.json.messageId as string);
    await Promise.all(ids.slice(0, 10).map((id) => move(id, "QUEUED", "SENT", new Date())));
    await applyTransitionsById(
      ids.slice(0, 5).map((id) => ({ messageId: id, from: "SENT" as const, to: "DELIVERED" as const })),
      new Date(),
    );
    expect(await recountMessageStats(null, other.organizationId)).toEqual([]);
    expect(await recountMessageStats(null, sender.organizationId)).toEqual([]);
  });
});

describe("time to deliver of a scheduled message (issue 39)", () => {
  it("counts from sendAt, not from the acceptance: the wait is not delivery time", async () => {
    const sender = await seedSender();
    const sendAt = new Date(T0.getTime() + 120_000);
    const id = await seed(sender, T0, { sendAt });
    await dispatchDueBatch(sendAt, 10, sender.organizationId);
    await move(id, "QUEUED", "SENT", new Date(sendAt.getTime() + 300));
    await move(id, "SENT", "DELIVERED", new Date(sendAt.getTime() + 1500));
    const { totals } = await getMessageAnalytics(
      getDb(),
      sender.organizationId,
      "test",
      { from: T0, to: new Date(T0.getTime() + H), granularity: "hour" },
      new Date(T0.getTime() + 2 * H),
    );
    expect(totals.delivered).toBe(1);
    // 1.5 s after sendAt, within the histogram's ±19 %; from acceptance it would be 121.5 s.
    expect(totals.timeToDeliver.p50Ms).toBeGreaterThan(1500 / 1.19);
    expect(totals.timeToDeliver.p50Ms).toBeLessThan(1500 * 1.19);
  });
});

describe("OTP analytics", () => {
  it("counts codes sent and verified, with the conversion rate", async () => {
    const sender = await seedSender();
    const to = ["+14155550141", "+14155550142", "+14155550143", "+14155550144"];
    for (const n of to) await api.otpSend(sender.testKey, { to: n });
    for (const n of to.slice(0, 3)) {
      const code = await getDb().message.findFirstOrThrow({
        where: { organizationId: sender.organizationId, to: n },
        orderBy: { id: "desc" },
      });
      const digits = /\d{6}/.exec(code.body)![0];
      expect((await api.otpVerify(sender.testKey, { to: n, code: digits })).json.valid).toBe(true);
    }
    const res = await call(otpRoute.GET, "/api/v1/analytics/otp", {
      token: sender.testKey,
      query: { granularity: "hour" },
    });
    expect(res.status).toBe(200);
    expect(res.json.totals).toEqual({ sent: 4, verified: 3, expired: 0, conversionRate: 0.75 });
    expect(res.json.series).toHaveLength(24);
  });
});

describe("deleting an organization", () => {
  it("deletes its aggregates with it", async () => {
    const sender = await seedSender();
    await seed(sender, T0);
    await api.otpSend(sender.testKey, { to: "+14155550150" });
    const rows = async () =>
      (await getDb().messageStatsHourly.count({ where: { organizationId: sender.organizationId } })) +
      (await getDb().messageStatsDaily.count({ where: { organizationId: sender.organizationId } })) +
      (await getDb().otpStatsHourly.count({ where: { organizationId: sender.organizationId } }));
    expect(await rows()).toBeGreaterThan(1);
    await getDb().organization.delete({ where: { id: sender.organizationId } });
    expect(await rows()).toBe(0);
  });
});
