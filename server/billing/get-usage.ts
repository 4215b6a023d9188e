import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { runSql } from "../db/sql";
import { CURRENCY, formatMoney } from "@/schemas/money";
import { MAX_USAGE_DAYS, usageResponse, type Usage, type UsageQuery } from "@/schemas/usage";
import { monthOf } from "./period";

const DAY = 86_400_000;

// Billable outbound messages by acceptance day or country, from the daily rollup of the hourly
// aggregates (the range is whole UTC days; FAILED excluded: what they held is subtracted). One range
// scan of the organization's rows.
const SQL = `
SELECT CASE WHEN $5::text = 'day' THEN to_char(day AT TIME ZONE 'UTC', 'YYYY-MM-DD') ELSE country END AS grp,
       sum(accepted - failed)::bigint AS messages, sum(segments - failed_segments)::bigint AS segments,
       sum(price_units - failed_price_units)::bigint AS price_units
FROM message_stats_daily
WHERE organization_id = $1 AND environment = $2::"KeyEnvironment" AND day >= $3 AND day < $4
GROUP BY 1`;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** contract §8 `GET /api/v1/developer/usage`. */
export async function getUsage(db: DbOrTx, organizationId: string, q: UsageQuery, now = new Date()): Promise<Usage> {
  const month = monthOf(now);
  const from = q.from ? new Date(`${q.from}T00:00:00Z`) : month.start;
  const last = q.to ? new Date(`${q.to}T00:00:00Z`) : new Date(month.end.getTime() - DAY);
  const days = Math.round((last.getTime() - from.getTime()) / DAY) + 1;
  if (days > MAX_USAGE_DAYS) {
    throw new AppError("invalid_request", `At most ${MAX_USAGE_DAYS} days.`, {
      details: [{ path: "from", message: `At most ${MAX_USAGE_DAYS} days.` }],
    });
  }
  const rows = await runSql<{ grp: string; messages: bigint; segments: bigint; price_units: bigint }>(db, SQL, [
    organizationId,
    q.environment,
    from.toISOString(),
    new Date(last.getTime() + DAY).toISOString(),
    q.groupBy,
  ]);
  const byGroup = new Map(
    rows.map((r) => [
      r.grp,
      { messages: Number(r.messages), segments: Number(r.segments), priceUnits: Number(r.price_units) },
    ]),
  );
  const keys =
    q.groupBy === "day"
      ? Array.from({ length: days }, (_, i) => day(new Date(from.getTime() + i * DAY)))
      : [...byGroup.entries()]
          .filter(([, v]) => v.messages > 0)
          .sort((a, b) => b[1].priceUnits - a[1].priceUnits || a[0].localeCompare(b[0]))
          .map(([k]) => k);
  const zero = { messages: 0, segments: 0, priceUnits: 0 };
  const out = keys.map((key) => {
    const v = byGroup.get(key) ?? zero;
    return {
      ...(q.groupBy === "day" ? { date: key } : { country: key }),
      messages: v.messages,
      segments: v.segments,
      price: formatMoney(v.priceUnits),
    };
  });
  const total = [...byGroup.values()].reduce(
    (t, v) => ({
      messages: t.messages + v.messages,
      segments: t.segments + v.segments,
      priceUnits: t.priceUnits + v.priceUnits,
    }),
    zero,
  );
  return usageResponse.parse({
    currency: CURRENCY,
    from: day(from),
    to: day(last),
    rows: out,
    total: { messages: total.messages, segments: total.segments, price: formatMoney(total.priceUnits) },
  });
}
