"use client";

import { useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card, CardHeader } from "../ui/card";
import { Money } from "../ui/money";
import { Skeleton } from "../ui/skeleton";
import { count, percent } from "../analytics/format";
import { formatPeriod } from "../format/time";

const DAY = 86_400_000;

function useFigures(environment: "live" | "test", from: Date, to: Date, granularity: "hour" | "day") {
  const trpc = useTRPC();
  return useQuery(trpc.analytics.messages.queryOptions({ environment, from, to, granularity })).data?.totals;
}

function TodayRow({ environment, label, from }: { environment: "live" | "test"; label: string; from: Date }) {
  const totals = useFigures(environment, from, new Date(from.getTime() + DAY), "hour");
  return (
    <tr>
      <th scope="row" className="py-2.5 pr-2 pl-5 text-left font-normal text-slate-600">
        {label}
      </th>
      {totals ? (
        <>
          <td
            className="px-2 py-2.5 text-right font-medium text-slate-900 tabular-nums"
            data-testid={`today-${environment}-sent`}
          >
            {count.format(totals.sent)}
          </td>
          {/* A count like its neighbours; the rate is on hover (and on the Analytics page). */}
          <td
            className="px-2 py-2.5 text-right tabular-nums"
            title={`Delivery rate ${percent(totals.deliveryRate)}`}
            data-testid={`today-${environment}-delivered`}
          >
            {count.format(totals.delivered)}
          </td>
          <td className="py-2.5 pr-5 pl-2 text-right tabular-nums" data-testid={`today-${environment}-spend`}>
            <Money amount={totals.price} />
          </td>
        </>
      ) : (
        <td colSpan={3} className="py-2.5 pr-5 pl-2">
          <Skeleton className="h-4 w-full" />
        </td>
      )}
    </tr>
  );
}

/** Live spend since the first of the month (UTC), from the same aggregates: every role reads it. */
function MonthToDate({ today }: { today: Date }) {
  const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
  const totals = useFigures("live", start, new Date(today.getTime() + DAY), "day");
  return (
    // A <div>, not a <p>: the skeleton is a <div>, which an HTML parser moves out of a <p>, so the
    // server's page would not hydrate (React #418 on every full load of the Overview).
    <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-slate-100 px-5 py-3 text-sm">
      <span className="text-slate-600">Live spend, {formatPeriod(start.toISOString().slice(0, 7))} (UTC)</span>
      {totals ? (
        <Money amount={totals.price} className="font-medium text-slate-900 tabular-nums" />
      ) : (
        <Skeleton className="h-4 w-16" />
      )}
    </div>
  );
}

/** Today's key figures (UTC day) from the same aggregates as the Analytics page. */
export function TodayCard() {
  // Today's UTC midnight, fixed for the life of the card.
  const [from] = useState(() => new Date(Math.floor(Date.now() / DAY) * DAY));
  return (
    <Card>
      <CardHeader
        title="Today"
        description="Messages since midnight UTC."
        action={
          <Link href="/dashboard/analytics" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            Analytics
          </Link>
        }
      />
      {/* Fixed columns: the card is a third of the page at 1440 px and the whole width of a phone. */}
      <table className="w-full table-fixed text-sm" data-testid="today-card">
        <colgroup>
          <col className="w-[28%]" />
          <col className="w-[22%]" />
          <col className="w-[24%]" />
          <col className="w-[26%]" />
        </colgroup>
        <thead>
          <tr className="text-left text-[11px] font-medium tracking-wide text-slate-500 uppercase">
            <th className="py-2 pr-2 pl-5">
              <span className="sr-only">Environment</span>
            </th>
            <th className="px-2 py-2 text-right">Sent</th>
            <th className="px-2 py-2 text-right">Delivered</th>
            <th className="py-2 pr-5 pl-2 text-right">Spend</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <TodayRow environment="live" label="Live" from={from} />
          <TodayRow environment="test" label="Sandbox" from={from} />
        </tbody>
      </table>
      <MonthToDate today={from} />
    </Card>
  );
}
