"use client";

import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis, type TooltipContentProps } from "recharts";
import type { RateLimitUsage } from "@/schemas/rate-limits";
import { Card, CardHeader } from "../ui/card";
import { numberFormat } from "./usage-bar";
import { formatAxisTime, zoneName } from "../format/time";

const BUCKET_MS = 15 * 60_000;
const COLORS = { allowed: "#6366f1", rejected: "#ef4444" } as const;

const weekday = new Intl.DateTimeFormat("en-US", { weekday: "short" });

interface Point {
  at: number;
  allowed: number;
  rejected: number;
}

function BucketTooltip({ active, payload }: TooltipContentProps) {
  const point = payload?.[0]?.payload as Point | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md bg-white px-3 py-2 text-xs shadow-lg ring-1 ring-slate-900/10">
      <p className="font-medium text-slate-900">
        {weekday.format(point.at)} {formatAxisTime(point.at)} – {formatAxisTime(point.at + BUCKET_MS)}{" "}
        {zoneName(point.at)}
      </p>
      <dl className="mt-1.5 space-y-1">
        <TooltipRow color={COLORS.allowed} label="Allowed" value={point.allowed} />
        <TooltipRow color={COLORS.rejected} label="Rejected (429)" value={point.rejected} />
      </dl>
    </div>
  );
}

function TooltipRow({ color, label, value }: { color: string; label: string; value: number }) {
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden className="size-2 rounded-sm" style={{ backgroundColor: color }} />
      <dt className="text-slate-600">{label}</dt>
      <dd className="ml-auto pl-4 font-medium text-slate-900 tabular-nums">{numberFormat.format(value)}</dd>
    </div>
  );
}

function Total({ color, label, value, testId }: { color: string; label: string; value: number; testId: string }) {
  return (
    <div className="flex items-center gap-2">
      <span aria-hidden className="size-2.5 rounded-sm" style={{ backgroundColor: color }} />
      <dt className="text-slate-500">{label}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {numberFormat.format(value)}
      </dd>
    </div>
  );
}

/** Requests the limiter let through and refused, in 15-minute buckets over the last 24 hours. */
export function TrafficChart({ history }: { history: RateLimitUsage["history"] }) {
  const points: Point[] = history.map((b) => ({ at: Date.parse(b.at), allowed: b.requests, rejected: b.rejected }));
  const allowed = points.reduce((sum, p) => sum + p.allowed, 0);
  const rejected = points.reduce((sum, p) => sum + p.rejected, 0);
  // A label every three hours on the hour, in the viewer's time zone.
  const ticks = points
    .filter((p) => {
      const d = new Date(p.at);
      return d.getMinutes() === 0 && d.getHours() % 3 === 0;
    })
    .map((p) => p.at);

  return (
    <Card data-testid="traffic-chart">
      <CardHeader
        title="Requests, last 24 hours"
        description={`API requests allowed and rejected with 429, in 15-minute intervals. Times in ${zoneName(points.at(-1)?.at ?? 0)}.`}
      />
      <dl className="flex flex-wrap items-center gap-x-5 gap-y-1 px-5 pt-4 text-sm">
        <Total color={COLORS.allowed} label="Allowed" value={allowed} testId="chart-total-allowed" />
        <Total color={COLORS.rejected} label="Rejected (429)" value={rejected} testId="chart-total-rejected" />
      </dl>
      {allowed + rejected === 0 ? (
        <div className="flex h-36 items-center justify-center px-5 text-center text-sm text-slate-500">
          No API requests in the last 24 hours. Requests made with an API key or access token show up here within
          seconds.
        </div>
      ) : (
        <figure
          className="px-2 pt-3 pb-2"
          aria-label={`Bar chart: ${allowed} requests allowed and ${rejected} rejected in the last 24 hours`}
        >
          <BarChart
            responsive
            data={points}
            style={{ width: "100%", height: 240 }}
            margin={{ top: 4, right: 12, bottom: 0, left: 0 }}
            barCategoryGap={1}
          >
            <CartesianGrid vertical={false} stroke="#e2e8f0" />
            <XAxis
              dataKey="at"
              ticks={ticks}
              tickFormatter={(v: number) => formatAxisTime(v)}
              tickLine={false}
              axisLine={{ stroke: "#cbd5e1" }}
              tick={{ fontSize: 12, fill: "#64748b" }}
              interval={0}
            />
            <YAxis
              allowDecimals={false}
              tickLine={false}
              axisLine={false}
              tick={{ fontSize: 12, fill: "#64748b" }}
              width={44}
            />
            <Tooltip content={BucketTooltip} cursor={{ fill: "#f1f5f9" }} isAnimationActive={false} />
            <Bar dataKey="allowed" name="Allowed" stackId="requests" fill={COLORS.allowed} isAnimationActive={false} />
            <Bar
              dataKey="rejected"
              name="Rejected (429)"
              stackId="requests"
              fill={COLORS.rejected}
              isAnimationActive={false}
            />
          </BarChart>
        </figure>
      )}
    </Card>
  );
}
