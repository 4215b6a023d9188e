"use client";

import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { MessageAnalytics } from "@/schemas/analytics";
import { axisDuration, bucketLabel, duration } from "./format";

/** Buckets are UTC hours and days (as the API's): the tooltip says so. */
const utcLabel = (label: unknown) => `${String(label)} UTC`;
import type { Granularity } from "./range";

const AXIS = { tickLine: false, tick: { fontSize: 12, fill: "#64748b" } } as const;
export const STATUS_COLORS = { delivered: "#10b981", pending: "#94a3b8", undelivered: "#f59e0b", failed: "#ef4444" };

type Series = MessageAnalytics["series"];

/** Messages per bucket by what became of them, stacked. */
export function VolumeChart({ series, granularity }: { series: Series; granularity: Granularity }) {
  const data = series.map((p) => ({
    label: bucketLabel(p.start, granularity),
    delivered: p.delivered,
    undelivered: p.undelivered,
    failed: p.failed,
    pending: Math.max(0, p.sent - p.delivered - p.undelivered - p.failed),
  }));
  return (
    <figure aria-label="Stacked bar chart: messages by status" className="px-2 pt-3 pb-2">
      <BarChart responsive data={data} style={{ width: "100%", height: 240 }} margin={{ top: 4, right: 12, left: 0 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" {...AXIS} axisLine={{ stroke: "#cbd5e1" }} minTickGap={16} />
        <YAxis allowDecimals={false} {...AXIS} axisLine={false} width={44} />
        <Tooltip isAnimationActive={false} cursor={{ fill: "#f1f5f9" }} labelFormatter={utcLabel} />
        <Legend iconType="square" wrapperStyle={{ fontSize: 12 }} />
        {(["delivered", "pending", "undelivered", "failed"] as const).map((key) => (
          <Bar
            key={key}
            dataKey={key}
            name={key[0]!.toUpperCase() + key.slice(1)}
            stackId="status"
            fill={STATUS_COLORS[key]}
            isAnimationActive={false}
          />
        ))}
      </BarChart>
    </figure>
  );
}

/** Delivery rate per bucket (buckets where nothing is final yet have no point). */
export function RateChart({ series, granularity }: { series: Series; granularity: Granularity }) {
  const data = series.map((p) => ({
    label: bucketLabel(p.start, granularity),
    rate: p.deliveryRate === null ? null : Math.round(p.deliveryRate * 1000) / 10,
  }));
  return (
    <figure aria-label="Line chart: delivery rate" className="px-2 pt-3 pb-2">
      <LineChart responsive data={data} style={{ width: "100%", height: 200 }} margin={{ top: 4, right: 12, left: 0 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" {...AXIS} axisLine={{ stroke: "#cbd5e1" }} minTickGap={16} />
        <YAxis domain={[0, 100]} unit=" %" {...AXIS} axisLine={false} width={52} />
        <Tooltip isAnimationActive={false} labelFormatter={utcLabel} formatter={(v) => `${String(v)} %`} />
        <Line
          dataKey="rate"
          name="Delivery rate"
          stroke="#6366f1"
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </figure>
  );
}

/** Time to deliver, p50 and p95, per bucket. */
export function TimeToDeliverChart({ series, granularity }: { series: Series; granularity: Granularity }) {
  const data = series.map((p) => ({
    label: bucketLabel(p.start, granularity),
    p50: p.timeToDeliver.p50Ms,
    p95: p.timeToDeliver.p95Ms,
  }));
  return (
    <figure aria-label="Line chart: time to deliver, p50 and p95" className="px-2 pt-3 pb-2">
      <LineChart responsive data={data} style={{ width: "100%", height: 200 }} margin={{ top: 4, right: 12, left: 0 }}>
        <CartesianGrid vertical={false} stroke="#e2e8f0" />
        <XAxis dataKey="label" {...AXIS} axisLine={{ stroke: "#cbd5e1" }} minTickGap={16} />
        {/* Room for "59.9 min", which recharts would otherwise wrap onto a second, clipped line. */}
        <YAxis {...AXIS} axisLine={false} width={68} tickFormatter={(v: number) => axisDuration(v)} />
        <Tooltip
          isAnimationActive={false}
          labelFormatter={utcLabel}
          formatter={(v) => duration(typeof v === "number" ? v : null)}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Line
          dataKey="p50"
          name="p50"
          stroke="#0ea5e9"
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
        <Line
          dataKey="p95"
          name="p95"
          stroke="#a855f7"
          strokeWidth={2}
          dot={{ r: 3 }}
          connectNulls
          isAnimationActive={false}
        />
      </LineChart>
    </figure>
  );
}
