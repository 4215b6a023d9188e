import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { runSql } from "../db/sql";
import { CURRENCY, formatMoney } from "@/schemas/money";
import { statementSchema, statementSummarySchema, type Statement } from "@/schemas/usage";
import { monthOf } from "./period";
import { csvLine } from "../csv/csv-line";

interface Line {
  country: string;
  pricePerSegmentUnits: number;
  messages: number;
  segments: number;
  amountUnits: number;
}

// A month's billable live messages, one line per country and price per segment, from the daily
// rollup of the hourly aggregates (a month is whole UTC days; FAILED excluded). Each message's price is segments × its price per segment, so each
// line's amount is exactly its segments × its price, and the total the sum of the lines.
const LINES_SQL = `
SELECT country, price_per_segment_units AS pps, sum(accepted - failed)::bigint AS messages,
       sum(segments - failed_segments)::bigint AS segments,
       sum(price_units - failed_price_units)::bigint AS amount
FROM message_stats_daily
WHERE organization_id = $1 AND environment = 'live' AND day >= $2 AND day < $3
GROUP BY country, price_per_segment_units
HAVING sum(accepted - failed) > 0
ORDER BY country, price_per_segment_units`;

// Every month with live messages, with its totals.
const MONTHS_SQL = `
SELECT to_char(date_trunc('month', day, 'UTC') AT TIME ZONE 'UTC', 'YYYY-MM') AS period,
       sum(accepted - failed)::bigint AS messages, sum(segments - failed_segments)::bigint AS segments,
       sum(price_units - failed_price_units)::bigint AS amount
FROM message_stats_daily
WHERE organization_id = $1 AND environment = 'live'
GROUP BY 1
HAVING sum(accepted - failed) > 0`;

const periodOf = (d: Date) => d.toISOString().slice(0, 7);
const periodStart = (period: string) => new Date(`${period}-01T00:00:00Z`);

async function computeLines(db: DbOrTx, organizationId: string, period: string): Promise<Line[]> {
  const start = periodStart(period);
  const { end } = monthOf(start);
  const rows = await runSql<{ country: string; pps: bigint; messages: bigint; segments: bigint; amount: bigint }>(
    db,
    LINES_SQL,
    [organizationId, start.toISOString(), end.toISOString()],
  );
  return rows.map((r) => ({
    country: r.country,
    pricePerSegmentUnits: Number(r.pps),
    messages: Number(r.messages),
    segments: Number(r.segments),
    amountUnits: Number(r.amount),
  }));
}

const sum = (lines: Line[], key: "messages" | "segments" | "amountUnits") => lines.reduce((t, l) => t + l[key], 0);

/**
 * A closed month's lines as stored at its first read after it ended; stored now if this is that
 * read (two readers at once store one: the first insert wins, both read it back).
 */
async function closedLines(db: DbOrTx, organizationId: string, period: string, now: Date): Promise<Line[]> {
  const lines = await computeLines(db, organizationId, period);
  await runSql(
    db,
    `INSERT INTO billing_statements (organization_id, period, lines, messages, segments, total_units, closed_at)
     VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7) ON CONFLICT (organization_id, period) DO NOTHING`,
    [
      organizationId,
      period,
      JSON.stringify(lines),
      sum(lines, "messages"),
      sum(lines, "segments"),
      sum(lines, "amountUnits"),
      now.toISOString(),
    ],
  );
  const stored = await runSql<{ lines: Line[] }>(
    db,
    `SELECT lines FROM billing_statements WHERE organization_id = $1 AND period = $2`,
    [organizationId, period],
  );
  return stored[0]!.lines;
}

/** contract §8: every month with live messages (and the open month), newest first. */
export async function listStatements(db: DbOrTx, organizationId: string, now = new Date()) {
  const open = periodOf(now);
  const months = await runSql<{ period: string }>(db, MONTHS_SQL, [organizationId]);
  const frozen = await runSql<{ period: string }>(
    db,
    `SELECT period FROM billing_statements WHERE organization_id = $1`,
    [organizationId],
  );
  const periods = new Set([open, ...months.map((m) => m.period), ...frozen.map((f) => f.period)]);
  const out = [];
  for (const period of [...periods]
    .filter((p) => p <= open)
    .sort()
    .reverse()) {
    const lines =
      period === open
        ? await computeLines(db, organizationId, period)
        : await closedLines(db, organizationId, period, now);
    out.push(
      statementSummarySchema.parse({
        period,
        status: period === open ? "open" : "closed",
        messages: sum(lines, "messages"),
        segments: sum(lines, "segments"),
        total: formatMoney(sum(lines, "amountUnits")),
      }),
    );
  }
  return out;
}

/** contract §8: one month's statement; 404 for a future month or a closed one without live messages. */
export async function getStatementOrThrow(
  db: DbOrTx,
  organizationId: string,
  period: string,
  now = new Date(),
): Promise<Statement> {
  const open = periodOf(now);
  const notFound = () => new AppError("not_found", `No statement for ${period}.`);
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(period) || period > open) throw notFound();
  // contract §12: months before 1970 are outside the dates the API accepts.
  if (period < "1970-01") {
    throw new AppError("invalid_request", "The period must be 1970-01 or later.", {
      details: [{ path: "period", message: "A month between 1970-01 and 9999-12." }],
    });
  }
  let lines: Line[];
  if (period === open) {
    lines = await computeLines(db, organizationId, period);
  } else {
    const stored = await runSql<{ period: string }>(
      db,
      `SELECT period FROM billing_statements WHERE organization_id = $1 AND period = $2`,
      [organizationId, period],
    );
    if (stored.length === 0 && (await computeLines(db, organizationId, period)).length === 0) throw notFound();
    lines = await closedLines(db, organizationId, period, now);
  }
  return statementSchema.parse({
    period,
    status: period === open ? "open" : "closed",
    currency: CURRENCY,
    lines: lines.map((l) => ({
      country: l.country,
      pricePerSegment: formatMoney(l.pricePerSegmentUnits),
      messages: l.messages,
      segments: l.segments,
      amount: formatMoney(l.amountUnits),
    })),
    total: formatMoney(sum(lines, "amountUnits")),
  });
}

/** The statement as CSV (`Accept: text/csv`): country,price_per_segment,messages,segments,amount. */
export function statementCsv(statement: Statement): string {
  const rows = statement.lines.map((l) =>
    csvLine([l.country, l.pricePerSegment, String(l.messages), String(l.segments), l.amount], "\n"),
  );
  return ["country,price_per_segment,messages,segments,amount\n", ...rows].join("");
}
