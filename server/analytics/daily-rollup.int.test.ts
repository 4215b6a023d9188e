// The daily rollup (message_stats_daily) is kept from the hourly rows by their own triggers, and
// analytics by day reads it for whole days and the hourly rows for the partial days at the edges.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { runSql } from "../db/sql";
import { newIdAt } from "../ids";
import { insertMessages } from "../messages/insert-messages";
import { applyTransitionsById } from "@/server/test/transitions";
import { seedSender } from "../test/messaging";
import { getMessageAnalytics } from "./message-analytics";
import { recountMessageStats } from "./recount";

type Sender = Awaited<ReturnType<typeof seedSender>>;

async function seedAt(sender: Sender, iso: string, environment: "test" | "live" = "test") {
  const at = new Date(iso);
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
        environment,
        to: "+14155550123",
        from: "SG",
        body: "x",
        segments: 1,
        encoding: "GSM-7",
        country: "US",
        createdAt: at,
        ...(environment === "live" && { priceUnits: 79 }),
      },
    ],
    at,
  );
  return { id, at };
}

const byDay = (sender: Sender, from: string, to: string) =>
  getMessageAnalytics(getDb(), sender.organizationId, "test", {
    from: new Date(from),
    to: new Date(to),
    granularity: "day",
  });

describe("the daily rollup", () => {
  let sender: Sender;
  beforeAll(async () => {
    sender = await seedSender();
    const times = [
      "2026-11-20T09:00:00Z", // before the range
      "2026-11-20T11:00:00Z", // partial first day
      "2026-11-21T00:00:00Z", // whole day
      "2026-11-21T23:30:00Z", // whole day
      "2026-11-22T05:59:59Z", // partial last day
      "2026-11-22T07:00:00Z", // after the range
    ];
    for (const t of times) {
      const m = await seedAt(sender, t);
      await applyTransitionsById([{ messageId: m.id, from: "QUEUED", to: "SENT" }], new Date(m.at.getTime() + 1000));
      await applyTransitionsById([{ messageId: m.id, from: "SENT", to: "DELIVERED" }], new Date(m.at.getTime() + 3000));
    }
  });

  it("by day, whole days and the edge hours add up to what the hours say", async () => {
    const days = await byDay(sender, "2026-11-20T10:00:00Z", "2026-11-22T06:00:00Z");
    expect(days.series.map((p) => [p.start, p.sent, p.delivered])).toEqual([
      ["2026-11-20T00:00:00.000Z", 1, 1],
      ["2026-11-21T00:00:00.000Z", 2, 2],
      ["2026-11-22T00:00:00.000Z", 1, 1],
    ]);
    const hours = await getMessageAnalytics(getDb(), sender.organizationId, "test", {
      from: new Date("2026-11-20T10:00:00Z"),
      to: new Date("2026-11-22T06:00:00Z"),
      granularity: "hour",
    });
    expect(days.totals).toEqual(hours.totals);
  });

  it("whole days are read from the rollup, the edge hours from the hourly rows", async () => {
    const before = await byDay(sender, "2026-11-20T10:00:00Z", "2026-11-22T06:00:00Z");
    // Make the rollup of 21 November disagree with its hours, then put it back.
    const shift = (n: number) =>
      runSql(null, `UPDATE message_stats_daily SET accepted = accepted + $2 WHERE organization_id = $1 AND day = $3`, [
        sender.organizationId,
        n,
        "2026-11-21T00:00:00Z",
      ]);
    await shift(100);
    try {
      const after = await byDay(sender, "2026-11-20T10:00:00Z", "2026-11-22T06:00:00Z");
      expect(after.series.map((p) => p.sent)).toEqual([1, 102, 1]);
      expect(await recountMessageStats(null, sender.organizationId)).toHaveLength(1);
      // A range in which 21 November is not whole reads its hours instead.
      const partial = await byDay(sender, "2026-11-21T00:30:00Z", "2026-11-22T06:00:00Z");
      expect(partial.series.map((p) => p.sent)).toEqual([1, 1]);
    } finally {
      await shift(-100);
    }
    expect(await byDay(sender, "2026-11-20T10:00:00Z", "2026-11-22T06:00:00Z")).toEqual(before);
  });

  it("equals its hours after acceptance, transitions, a live failure and a direct hourly write", async () => {
    const other = await seedSender();
    const live = await seedAt(other, "2026-11-21T12:00:00Z", "live");
    await applyTransitionsById([{ messageId: live.id, from: "QUEUED", to: "FAILED" }], new Date());
    const a = await seedAt(other, "2026-11-21T13:00:00Z");
    const b = await seedAt(other, "2026-11-21T14:00:00Z");
    await applyTransitionsById(
      [a, b].map((m) => ({ messageId: m.id, from: "QUEUED" as const, to: "SENT" as const })),
      new Date(),
    );
    await applyTransitionsById([{ messageId: a.id, from: "SENT", to: "UNDELIVERED" }], new Date());
    expect(await recountMessageStats(null, other.organizationId)).toEqual([]);
    // Whatever writes the hourly rows moves the day with them (the growth bench seeds them by SQL).
    await runSql(
      null,
      `UPDATE message_stats_hourly SET delivered = delivered + 1, ttd_bins[5] = ttd_bins[5] + 1
       WHERE organization_id = $1 AND hour = $2`,
      [other.organizationId, "2026-11-21T14:00:00Z"],
    );
    const daily = await getDb().messageStatsDaily.findMany({
      where: { organizationId: other.organizationId, environment: "test" },
    });
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({ accepted: 2n, sent: 2n, undelivered: 1n, delivered: 1n });
    expect(daily[0]!.ttdBins[4]).toBe(1n);
    const liveDay = await getDb().messageStatsDaily.findFirstOrThrow({
      where: { organizationId: other.organizationId, environment: "live" },
    });
    expect(liveDay).toMatchObject({ accepted: 1n, failed: 1n, priceUnits: 79n, failedPriceUnits: 79n });
  });
});
