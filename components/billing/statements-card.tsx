"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { Money } from "../ui/money";
import { Skeleton } from "../ui/skeleton";
import { count } from "../analytics/format";
import { formatPeriod } from "../format/time";
import { StatementDrawer } from "./statement-drawer";

/** Monthly statements, newest first: each opens in the app, and downloads as CSV. */
export function StatementsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const statements = useQuery(trpc.billing.statements.queryOptions());
  const [open, setOpen] = useState<string | null>(null);
  const download = async (period: string) => {
    const csv = await queryClient.fetchQuery(trpc.billing.statementCsv.queryOptions({ period }));
    const url = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = `signalgate-statement-${period}.csv`;
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Card>
      <CardHeader title="Statements" description="Calendar months in UTC. Closed months never change." />
      {!statements.data ? (
        <Skeleton className="m-5 h-20" />
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="statements">
          {statements.data.map((s) => (
            <li key={s.period} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5 text-sm">
              <button
                type="button"
                onClick={() => setOpen(s.period)}
                className="font-medium text-slate-800 hover:text-indigo-700 hover:underline"
              >
                {formatPeriod(s.period)}
              </button>
              <Badge tone={s.status === "open" ? "amber" : "gray"}>{s.status === "open" ? "Open" : "Closed"}</Badge>
              <span className="ml-auto text-slate-500 tabular-nums">{count.format(s.messages)} msgs</span>
              <Money amount={s.total} className="w-24 text-right font-mono text-xs" />
              <Button variant="ghost" size="sm" onClick={() => setOpen(s.period)}>
                View
              </Button>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Download ${formatPeriod(s.period)} as CSV`}
                onClick={() => void download(s.period)}
              >
                <Download aria-hidden className="size-4" />
                CSV
              </Button>
            </li>
          ))}
        </ul>
      )}
      <StatementDrawer period={open} onClose={() => setOpen(null)} onDownload={(p) => void download(p)} />
    </Card>
  );
}
