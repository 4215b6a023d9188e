import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { otpAnalyticsResponse, type OtpAnalytics } from "@/schemas/analytics";
import { bucketStarts, resolveRange, type Granularity } from "./range";

const SQL = `
SELECT date_trunc($5::text, hour, 'UTC') AS start, sum(sent)::bigint AS sent, sum(verified)::bigint AS verified,
       sum(expired)::bigint AS expired
FROM otp_stats_hourly
WHERE organization_id = $1 AND environment = $2::"KeyEnvironment" AND hour >= $3 AND hour < $4
GROUP BY 1`;

const view = (c: { sent: number; verified: number; expired: number }) => ({
  ...c,
  conversionRate: c.sent === 0 ? null : c.verified / c.sent,
});

/** contract §9: one-time codes sent, verified and expired by creation time, from the hourly aggregates. */
export async function getOtpAnalytics(
  db: DbOrTx,
  organizationId: string,
  environment: "live" | "test",
  query: { from?: Date; to?: Date; granularity: Granularity },
  now = new Date(),
): Promise<OtpAnalytics> {
  const { from, to, granularity } = resolveRange(query, now);
  const rows = await runSql<{ start: Date; sent: bigint; verified: bigint; expired: bigint }>(db, SQL, [
    organizationId,
    environment,
    from.toISOString(),
    to.toISOString(),
    granularity,
  ]);
  const byStart = new Map(
    rows.map((r) => [
      new Date(r.start).getTime(),
      { sent: Number(r.sent), verified: Number(r.verified), expired: Number(r.expired) },
    ]),
  );
  const series = bucketStarts(from, to, granularity).map((start) => ({
    start: start.toISOString(),
    ...view(byStart.get(start.getTime()) ?? { sent: 0, verified: 0, expired: 0 }),
  }));
  const totals = series.reduce(
    (t, p) => ({ sent: t.sent + p.sent, verified: t.verified + p.verified, expired: t.expired + p.expired }),
    {
      sent: 0,
      verified: 0,
      expired: 0,
    },
  );
  return otpAnalyticsResponse.parse({
    from: from.toISOString(),
    to: to.toISOString(),
    granularity,
    series,
    totals: view(totals),
  });
}
