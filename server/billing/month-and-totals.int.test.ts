// Issue 16's exactness cases for contract §8: the month boundary (a message accepted in the last
// millisecond of a month is that month's), a price change mid-month (two statement lines), and a
// statement over 100,000 messages whose total equals the sum of its lines and of its messages'
// prices to the last digit.
import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newIdAt } from "../ids";
import { insertMessages, type NewMessage } from "../messages/insert-messages";
import { applyTransitionsById } from "@/server/test/transitions";
import { newMessage } from "../test/new-message";
import { seedOrganization, type SeededMember } from "../test/seed";
import { formatMoney, parseMoney } from "@/schemas/money";
import { getBilling } from "./get-billing";
import { getUsage } from "./get-usage";
import { getStatementOrThrow, listStatements } from "./statements";
import { paceSender } from "../test/sender-pace";

const at = (iso: string) => new Date(iso);

function liveMessage(
  org: SeededMember,
  when: Date,
  fields: Partial<NewMessage> = {},
): NewMessage & { createdAt: Date } {
  return {
    ...newMessage(org.organizationId, {
      id: newIdAt("msg", when),
      environment: "live",
      priceUnits: 79,
      country: "US",
      ...fields,
    }),
    createdAt: when,
  };
}

async function accept(org: SeededMember, when: Date, fields: Partial<NewMessage> = {}) {
  const [refusal] = await insertMessages(null, [liveMessage(org, when, fields)], when);
  return refusal;
}

/** What the messages of one organization and month hold, summed by the database in integers. */
async function sumOfMessages(organizationId: string, start: Date, end: Date) {
  const rows = await getDb().$queryRaw<{ units: bigint | null; n: bigint }[]>`
    SELECT sum(price_units)::bigint AS units, count(*) FILTER (WHERE status <> 'FAILED') AS n
    FROM messages WHERE organization_id = ${organizationId} AND environment = 'live'
      AND created_at >= ${start} AND created_at < ${end}`;
  return { units: Number(rows[0]?.units ?? 0), messages: Number(rows[0]?.n ?? 0) };
}

describe("the month boundary (UTC)", () => {
  it("a message accepted at 23:59:59.999 on the last day counts in that month, 00:00:00.000 in the next", async () => {
    const org = await seedOrganization("owner");
    const lastMs = at("2026-09-30T23:59:59.999Z");
    const firstMs = at("2026-10-01T00:00:00.000Z");
    // The limit holds one message a month: the last millisecond of September takes September's.
    await getDb().organization.update({
      where: { id: org.organizationId },
      data: { monthlySpendLimitUnits: 79n },
    });
    expect(await accept(org, lastMs)).toBeNull();
    expect(await accept(org, lastMs)).toBe("spending_limit_reached");
    expect(await accept(org, firstMs, { priceUnits: 79 })).toBeNull();

    const september = await getBilling(getDb(), org.organizationId, lastMs);
    expect(september.monthToDate).toEqual({ spend: "0.0079", messages: 1, segments: 1 });
    expect(september.period).toEqual({ start: "2026-09-01T00:00:00.000Z", end: "2026-10-01T00:00:00.000Z" });
    expect((await getBilling(getDb(), org.organizationId, firstMs)).monthToDate.messages).toBe(1);

    const now = at("2026-10-15T00:00:00Z");
    const statement = await getStatementOrThrow(getDb(), org.organizationId, "2026-09", now);
    expect(statement).toMatchObject({ status: "closed", total: "0.0079" });
    expect(statement.lines).toEqual([
      { country: "US", pricePerSegment: "0.0079", messages: 1, segments: 1, amount: "0.0079" },
    ]);
    const usage = await getUsage(
      getDb(),
      org.organizationId,
      { from: "2026-09-30", to: "2026-10-01", groupBy: "day", environment: "live" },
      now,
    );
    expect(usage.rows).toEqual([
      { date: "2026-09-30", messages: 1, segments: 1, price: "0.0079" },
      { date: "2026-10-01", messages: 1, segments: 1, price: "0.0079" },
    ]);
  });
});

describe("a price change mid-month", () => {
  it("gives two statement lines for the country, each at its own price, summing to the total", async () => {
    const org = await seedOrganization("owner");
    // US at 0.0079 until the 14th, then at 0.0085 (a new price list at start-up).
    await accept(org, at("2026-08-03T10:00:00Z"), { priceUnits: 79 });
    await accept(org, at("2026-08-14T23:00:00Z"), { priceUnits: 158, segments: 2 });
    await accept(org, at("2026-08-15T01:00:00Z"), { priceUnits: 85 });
    await accept(org, at("2026-08-20T12:00:00Z"), { priceUnits: 255, segments: 3 });

    const statement = await getStatementOrThrow(getDb(), org.organizationId, "2026-08", at("2026-11-15T00:00:00Z"));
    expect(statement.lines).toEqual([
      { country: "US", pricePerSegment: "0.0079", messages: 2, segments: 3, amount: "0.0237" },
      { country: "US", pricePerSegment: "0.0085", messages: 2, segments: 4, amount: "0.0340" },
    ]);
    expect(statement.total).toBe("0.0577");
  });
});

describe("a statement over 100,000 messages", () => {
  it("totals the sum of its lines, the sum of its messages' prices and the month's spend, to the last digit", async () => {
    const org = await seedOrganization("owner");
    // A whole month of one sender's traffic at once: past a long code's four-hour queue (contract §15).
    await paceSender(org.organizationId, 1000, newMessage(org.organizationId).from);
    // Prices that do not divide evenly, some changing mid-month, 1 to 4 segments.
    const prices: [string, string, number[]][] = [
      ["US", "+14155550123", [79, 83]],
      ["GB", "+447400123456", [463]],
      ["DE", "+4915112345678", [894, 901]],
      ["IN", "+919812345678", [37]],
      ["BR", "+5511987654321", [617]],
    ];
    const total = 100_000;
    const chunk = 2_000;
    const start = at("2026-07-01T00:00:00.000Z");
    const end = at("2026-08-01T00:00:00.000Z");
    const span = end.getTime() - start.getTime();
    const failed: string[] = [];
    for (let offset = 0; offset < total; offset += chunk) {
      const batch = Array.from({ length: chunk }, (_, j) => {
        const n = offset + j;
        // Spread over the whole month, in order, up to its last millisecond.
        const when = new Date(start.getTime() + Math.floor(((n + 1) * span) / total) - 1);
        const [country, to, list] = prices[n % prices.length]!;
        const perSegment = list[when.getTime() < start.getTime() + span / 2 ? 0 : list.length - 1]!;
        const segments = 1 + ((n * 7) % 4);
        const m = liveMessage(org, when, { country, to, segments, priceUnits: perSegment * segments });
        if (n % 37 === 0) failed.push(m.id);
        return m;
      });
      const refusals = await insertMessages(null, batch, batch[0]!.createdAt);
      expect(refusals.every((r) => r === null)).toBe(true);
    }
    // Some end FAILED: their price becomes 0 and the month gives back what they held.
    for (let i = 0; i < failed.length; i += chunk) {
      const moved = await applyTransitionsById(
        failed.slice(i, i + chunk).map((messageId) => ({ messageId, from: "QUEUED" as const, to: "FAILED" as const })),
        new Date(),
      );
      expect(moved.length).toBe(Math.min(chunk, failed.length - i));
    }

    const now = at("2026-11-15T00:00:00Z");
    const statement = await getStatementOrThrow(getDb(), org.organizationId, "2026-07", now);
    const messages = await sumOfMessages(org.organizationId, start, end);
    expect(messages.messages).toBe(total - failed.length);

    const linesSum = statement.lines.reduce((sum, l) => sum + parseMoney(l.amount)!, 0);
    expect(statement.lines.length).toBe(7); // US and DE at two prices each
    expect(statement.lines.reduce((n, l) => n + l.messages, 0)).toBe(total - failed.length);
    expect(linesSum).toBe(messages.units);
    expect(statement.total).toBe(formatMoney(messages.units));
    // Each line's amount is its segments times its price, exactly.
    for (const line of statement.lines)
      expect(parseMoney(line.amount)).toBe(line.segments * parseMoney(line.pricePerSegment)!);

    const [listed] = (await listStatements(getDb(), org.organizationId, now)).filter((s) => s.period === "2026-07");
    expect(listed).toMatchObject({ total: statement.total, messages: total - failed.length });
    const month = await getDb().billingMonth.findUniqueOrThrow({
      where: { organizationId_month: { organizationId: org.organizationId, month: start } },
    });
    expect(month.spendUnits).toBe(BigInt(messages.units));
    const usage = await getUsage(
      getDb(),
      org.organizationId,
      { from: "2026-07-01", to: "2026-07-31", groupBy: "country", environment: "live" },
      now,
    );
    expect(usage.total).toEqual({
      messages: total - failed.length,
      segments: expect.any(Number),
      price: statement.total,
    });

    // The messages go (as retention would take them): the closed month's statement stays as it was. It
    // also leaves no 100,000 QUEUED messages on the shared test database for other files' pipelines.
    await getDb().$executeRaw`DELETE FROM outbox_events WHERE organization_id = ${org.organizationId}`;
    await getDb().$executeRaw`DELETE FROM messages WHERE organization_id = ${org.organizationId}`;
    expect(await getStatementOrThrow(getDb(), org.organizationId, "2026-07", now)).toEqual(statement);
  }, 240_000);
});
