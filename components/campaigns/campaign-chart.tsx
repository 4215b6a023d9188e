"use client";

import { useQuery } from "@tanstack/react-query";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { formatCount } from "../format/number";
import { formatUtcDay } from "../format/time";
import { Card, CardHeader } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { useTRPC } from "../trpc/client";
import { ErrorText } from "../trpc/error-notice";

const COLORS = { clicks: "#6366f1", uniqueClicks: "#a5b4fc", optOuts: "#f59e0b" } as const;

/** Clicks, unique clicks and opt-outs per UTC day, from the campaign's daily aggregate. */
export function CampaignChart({
  campaignId,
  refetchInterval,
}: {
  campaignId: string;
  refetchInterval: number | false;
}) {
  const trpc = useTRPC();
  const days = useQuery({ ...trpc.campaignTools.days.queryOptions({ id: campaignId }), refetchInterval });
  return (
    <Card>
      <CardHeader title="Clicks and opt-outs over time" description="Per day (UTC). Link previews are not counted." />
      {days.isPending ? (
        <div className="p-5">
          <Skeleton className="h-40 w-full" />
        </div>
      ) : days.isError ? (
        <ErrorText error={days.error} className="p-5 text-sm text-red-600" />
      ) : days.data.length === 0 ? (
        <div className="flex h-36 items-center justify-center px-5 text-center text-sm text-slate-500">
          No clicks or opt-outs yet. They show up here within seconds of happening.
        </div>
      ) : (
        <figure
          className="px-2 pt-3 pb-2"
          aria-label={`Bar chart of clicks and opt-outs over ${days.data.length} day(s)`}
          data-testid="campaign-chart"
        >
          <BarChart
            responsive
            data={days.data}
            style={{ width: "100%", height: 220 }}
            margin={{ top: 4, right: 12, left: 0 }}
          >
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="day"
              tickFormatter={(day: string) => formatUtcDay(day).replace(" UTC", "")}
              tickLine={false}
              axisLine={{ stroke: "#cbd5e1" }}
              tick={{ fontSize: 12, fill: "#64748b" }}
            />
            <YAxis
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              tick={{ fontSize: 12, fill: "#64748b" }}
              width={40}
            />
            <Tooltip
              isAnimationActive={false}
              cursor={{ fill: "#f1f5f9" }}
              labelFormatter={(day) => formatUtcDay(String(day), { year: true })}
              formatter={(value) => formatCount(Number(value))}
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar dataKey="clicks" name="Clicks" fill={COLORS.clicks} isAnimationActive={false} />
            <Bar dataKey="uniqueClicks" name="Unique clicks" fill={COLORS.uniqueClicks} isAnimationActive={false} />
            <Bar dataKey="optOuts" name="Opt-outs" fill={COLORS.optOuts} isAnimationActive={false} />
          </BarChart>
        </figure>
      )}
    </Card>
  );
}
