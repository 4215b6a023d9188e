"use client";

import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { useTRPC } from "../trpc/client";
import { Card, CardHeader } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { count, countryName } from "../analytics/format";
import { formatUsd } from "../format/money";
import { formatUtcDay } from "../format/time";
import { Money } from "../ui/money";

/** This month's live spend by day (a chart) and by country (a table), FAILED excluded. */
export function UsageCard() {
  const trpc = useTRPC();
  const byDay = useQuery(trpc.billing.usage.queryOptions({ groupBy: "day", environment: "live" }));
  const byCountry = useQuery(trpc.billing.usage.queryOptions({ groupBy: "country", environment: "live" }));
  const empty = byDay.data && byDay.data.total.messages === 0;
  return (
    <Card>
      <CardHeader
        title="Spend this month"
        description="Live messages by UTC day and by country; FAILED messages are not billed."
      />
      {!byDay.data || !byCountry.data ? (
        <Skeleton className="m-5 h-40" />
      ) : empty ? (
        <p className="px-5 py-10 text-center text-sm text-slate-500">
          No live messages this month yet. Sandbox (sg_test_) messages are free and never appear here.
        </p>
      ) : (
        <>
          <figure className="px-2 pt-3" aria-label="Bar chart: spend per day">
            <BarChart
              responsive
              data={byDay.data.rows.map((r) => ({
                label: r.date ? formatUtcDay(r.date).replace(" UTC", "") : "",
                spend: Number(r.price),
                exact: r.price,
              }))}
              style={{ width: "100%", height: 180 }}
              margin={{ top: 4, right: 12, left: 0 }}
            >
              <CartesianGrid vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="label" tickLine={false} tick={{ fontSize: 12, fill: "#64748b" }} minTickGap={16} />
              <YAxis
                tickLine={false}
                axisLine={false}
                width={52}
                tick={{ fontSize: 12, fill: "#64748b" }}
                tickFormatter={(v: number) => `$${v.toFixed(2)}`}
              />
              <Tooltip
                isAnimationActive={false}
                labelFormatter={(label) => `${String(label)} UTC`}
                formatter={(_v, _name, item) => formatUsd((item.payload as { exact: string }).exact)}
              />
              <Bar dataKey="spend" name="Spend" fill="#6366f1" isAnimationActive={false} />
            </BarChart>
          </figure>
          <table className="w-full text-sm" data-testid="spend-by-country">
            <thead>
              <tr className="border-y border-slate-200 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
                <th className="px-5 py-2 max-sm:pl-4">Country</th>
                <th className="px-3 py-2 text-right">Messages</th>
                {/* Three columns fit a phone; segments are in the statement. */}
                <th className="px-3 py-2 text-right max-sm:hidden">Segments</th>
                <th className="px-5 py-2 text-right max-sm:pl-2">Spend</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {byCountry.data.rows.map((r) => (
                <tr key={r.country}>
                  <td className="px-5 py-2 max-sm:pl-4">{countryName(r.country ?? "")}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{count.format(r.messages)}</td>
                  <td className="px-3 py-2 text-right tabular-nums max-sm:hidden">{count.format(r.segments)}</td>
                  <td className="px-5 py-2 text-right font-mono text-xs max-sm:pl-2">
                    <Money amount={r.price} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </Card>
  );
}
