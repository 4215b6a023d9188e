"use client";

import { useState } from "react";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "../trpc/client";
import { Card, CardHeader } from "../ui/card";
import { Skeleton } from "../ui/skeleton";
import { count, percent } from "../analytics/format";

const DAY = 86_400_000;

function TodayRow({ environment, label }: { environment: "live" | "test"; label: string }) {
  const trpc = useTRPC();
  // Today's UTC midnight, fixed for the life of the card.
  const [from] = useState(() => new Date(Math.floor(Date.now() / DAY) * DAY));
  const today = useQuery(
    trpc.analytics.messages.queryOptions({
      environment,
      from,
      to: new Date(from.getTime() + DAY),
      granularity: "hour",
    }),
  );
  const totals = today.data?.totals;
  return (
    <tr>
      <td className="px-5 py-2.5 text-slate-600">{label}</td>
      {totals ? (
        <>
          <td
            className="px-3 py-2.5 text-right font-medium text-slate-900 tabular-nums"
            data-testid={`today-${environment}-sent`}
          >
            {count.format(totals.sent)}
          </td>
          <td className="px-3 py-2.5 text-right tabular-nums">{percent(totals.deliveryRate)}</td>
          <td className="px-5 py-2.5 text-right font-mono text-xs tabular-nums">${totals.price}</td>
        </>
      ) : (
        <td colSpan={3} className="px-5 py-2.5">
          <Skeleton className="h-4 w-full" />
        </td>
      )}
    </tr>
  );
}

/** Today's key figures (UTC day) from the same aggregates as the Analytics page. */
export function TodayCard() {
  return (
    <Card>
      <CardHeader
        title="Today"
        description="Messages sent since midnight UTC."
        action={
          <Link href="/dashboard/analytics" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            Analytics
          </Link>
        }
      />
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
            <th className="px-5 py-2" />
            <th className="px-3 py-2 text-right">Messages</th>
            <th className="px-3 py-2 text-right">Delivered</th>
            <th className="px-5 py-2 text-right">Spend</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          <TodayRow environment="live" label="Live" />
          <TodayRow environment="test" label="Sandbox" />
        </tbody>
      </table>
    </Card>
  );
}
