"use client";

import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useTRPC } from "../trpc/client";
import { Button } from "../ui/button";
import { Drawer } from "../ui/drawer";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { count, countryName } from "../analytics/format";
import { formatPeriod } from "../format/time";
import { formatUnitPrice, formatUsd } from "../format/money";
import { linesByCountry } from "./statement-lines";

/** One month's statement in the app: one line per country and the total; CSV stays a download. */
export function StatementDrawer({
  period,
  onClose,
  onDownload,
}: {
  period: string | null;
  onClose: () => void;
  onDownload: (period: string) => void;
}) {
  const trpc = useTRPC();
  const statement = useQuery({
    ...trpc.billing.statement.queryOptions({ period: period ?? "1970-01" }),
    enabled: period !== null,
  });
  const lines = statement.data ? linesByCountry(statement.data) : [];
  return (
    <Drawer
      open={period !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={period ? `${formatPeriod(period)} statement` : "Statement"}
      description={
        statement.data?.status === "open"
          ? "The month is still open: it grows until it ends (UTC)."
          : "A closed month (UTC): it never changes."
      }
      footer={
        period ? (
          <Button variant="secondary" size="sm" onClick={() => onDownload(period)}>
            <Download aria-hidden className="size-4" />
            Download CSV
          </Button>
        ) : null
      }
    >
      {statement.isPending ? (
        <Skeleton className="h-32" />
      ) : statement.isError ? (
        <ErrorState
          title="Could not load the statement"
          error={statement.error}
          onRetry={() => void statement.refetch()}
        />
      ) : (
        <table className="w-full text-sm" data-testid="statement-lines">
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs font-medium tracking-wide text-slate-500 uppercase">
              <th className="py-2 pr-3">Country</th>
              <th className="px-2 py-2 text-right">Messages</th>
              <th className="px-2 py-2 text-right">Segments</th>
              <th className="px-2 py-2 text-right">Per segment</th>
              <th className="py-2 pl-2 text-right">Amount</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {lines.length === 0 ? (
              <tr>
                <td colSpan={5} className="py-6 text-center text-slate-500">
                  No live messages this month.
                </td>
              </tr>
            ) : (
              lines.map((l) => (
                <tr key={l.country}>
                  <td className="py-2 pr-3">
                    {countryName(l.country)} <span className="text-xs text-slate-400">{l.country}</span>
                  </td>
                  <td className="px-2 py-2 text-right tabular-nums">{count.format(l.messages)}</td>
                  <td className="px-2 py-2 text-right tabular-nums">{count.format(l.segments)}</td>
                  <td className="px-2 py-2 text-right font-mono text-xs">
                    {l.pricePerSegment ? formatUnitPrice(l.pricePerSegment) : "varied"}
                  </td>
                  <td className="py-2 pl-2 text-right font-mono text-xs" title={formatUnitPrice(l.amountUnits)}>
                    {formatUsd(l.amountUnits)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
          <tfoot>
            <tr className="border-t border-slate-300 font-medium text-slate-900">
              <td className="py-2 pr-3" colSpan={4}>
                Total ({statement.data.currency})
              </td>
              <td className="py-2 pl-2 text-right font-mono text-xs" data-testid="statement-total">
                {formatUsd(statement.data.total)}
              </td>
            </tr>
          </tfoot>
        </table>
      )}
    </Drawer>
  );
}
