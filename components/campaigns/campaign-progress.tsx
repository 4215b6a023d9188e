import type { CampaignView } from "@/schemas/campaigns";
import { formatCount } from "../format/number";
import { Card } from "../ui/card";
import { SKIP_LABELS } from "./campaign-status";

function Stat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string | number;
  hint?: string;
  testId: string;
}) {
  return (
    <div className="min-w-0 px-4 py-3" title={hint}>
      <dt className="text-xs font-medium text-slate-500">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900 tabular-nums" data-testid={testId}>
        {typeof value === "number" ? formatCount(value) : value}
      </dd>
    </div>
  );
}

/** Sent, delivered, failed and skipped by reason, clicks, opt-outs and spend: the campaign's aggregate. */
export function CampaignProgress({ campaign: c }: { campaign: CampaignView }) {
  const s = c.stats;
  const settled = s.recipients - s.pending;
  const pct = s.recipients > 0 ? Math.round((settled / s.recipients) * 100) : 0;
  const skipped = Object.values(s.skipped).reduce((a, b) => a + b, 0);
  return (
    <Card>
      <div className="px-4 pt-4">
        <div className="flex justify-between text-sm">
          <span className="font-medium text-slate-900">Progress</span>
          <span className="text-slate-500 tabular-nums" data-testid="campaign-progress">
            {formatCount(settled)} of {formatCount(s.recipients)} recipients · {pct}%
          </span>
        </div>
        <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" aria-hidden>
          <div className="h-full rounded-full bg-indigo-500 transition-all" style={{ width: `${pct}%` }} />
        </div>
      </div>
      <dl className="grid grid-cols-2 divide-slate-100 sm:grid-cols-4 lg:grid-cols-8">
        <Stat label="Waiting" value={s.pending} testId="stat-pending" />
        <Stat
          label="Sent"
          value={s.queued + s.sent + s.delivered + s.undelivered}
          hint="Accepted messages"
          testId="stat-sent"
        />
        <Stat label="Delivered" value={s.delivered} testId="stat-delivered" />
        <Stat label="Failed" value={s.failed + s.undelivered} hint="Failed or undelivered" testId="stat-failed" />
        <Stat label="Skipped" value={skipped} testId="stat-skipped" />
        <Stat label="Clicks" value={s.clicks} hint={`${formatCount(s.uniqueClicks)} unique`} testId="stat-clicks" />
        <Stat label="Unique clicks" value={s.uniqueClicks} testId="stat-unique-clicks" />
        <Stat label="Opt-outs" value={s.optOuts} hint="STOPs within 7 days of a message" testId="stat-opt-outs" />
      </dl>
      <div className="flex flex-wrap gap-x-5 gap-y-1 border-t border-slate-100 px-4 py-2 text-xs text-slate-500">
        {(Object.keys(SKIP_LABELS) as (keyof typeof SKIP_LABELS)[]).map((k) => (
          <span key={k}>
            {SKIP_LABELS[k]}: <span className="font-medium text-slate-700 tabular-nums">{s.skipped[k]}</span>
          </span>
        ))}
        <span className="ml-auto">
          Spend: <span className="font-medium text-slate-700 tabular-nums">{s.spend} USD</span>
          {c.environment === "test" ? " (sandbox)" : ""}
        </span>
      </div>
    </Card>
  );
}
