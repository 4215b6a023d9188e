import type { BillingView } from "@/schemas/billing";
import { Card, CardHeader } from "../ui/card";
import { count } from "../analytics/format";
import { spendLevel } from "./spend";
import { formatUsd } from "../format/money";
import { formatUtcDay, utcDay } from "../format/time";
import { Money } from "../ui/money";

/** Month-to-date live spend against the limit, with the alert thresholds marked on the bar. */
export function SpendCard({ billing }: { billing: BillingView }) {
  const { percent, level } = spendLevel(billing);
  const end = new Date(new Date(billing.period.end).getTime() - 1);
  const color = level === "reached" ? "bg-red-500" : level === "near" ? "bg-amber-500" : "bg-indigo-500";
  return (
    <Card>
      <CardHeader
        title="Month to date"
        description={`Live spend ${formatUtcDay(utcDay(billing.period.start)).replace(" UTC", "")} – ${formatUtcDay(utcDay(end))}. Sandbox messages are free.`}
      />
      <div className="space-y-3 px-5 py-4">
        <p className="flex items-baseline gap-2">
          <span className="text-3xl font-semibold text-slate-900 tabular-nums" data-testid="spend-month-to-date">
            <Money amount={billing.monthToDate.spend} />
          </span>
          <span className="text-sm text-slate-500">
            {billing.monthlySpendLimit === null
              ? "no monthly limit"
              : `of ${formatUsd(billing.monthlySpendLimit)} limit`}
          </span>
        </p>
        {percent !== null ? (
          <div
            className="relative h-3 rounded-full bg-slate-100"
            role="meter"
            aria-valuenow={Math.round(percent)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label="Spend against the limit"
          >
            <div className={`h-3 rounded-full ${color}`} style={{ width: `${Math.max(percent, 0.5)}%` }} />
            {billing.alertThresholds
              .filter((t) => t < 100)
              .map((t) => (
                <span
                  key={t}
                  title={`Alert at ${t} %`}
                  className="absolute top-0 h-3 w-px bg-slate-400"
                  style={{ left: `${t}%` }}
                />
              ))}
          </div>
        ) : null}
        <p className="text-sm text-slate-500">
          {count.format(billing.monthToDate.messages)} live messages, {count.format(billing.monthToDate.segments)}{" "}
          segments
          {percent !== null ? ` · ${percent.toFixed(1)} % of the limit` : ""}
        </p>
      </div>
    </Card>
  );
}
