import type { OtpAnalytics } from "@/schemas/analytics";
import { count, percent } from "./format";

/** Sent → verified (and expired), as bars relative to what was sent. */
export function OtpFunnel({ totals }: { totals: OtpAnalytics["totals"] }) {
  const steps = [
    { label: "Codes sent", value: totals.sent, color: "bg-indigo-500" },
    { label: "Verified", value: totals.verified, color: "bg-emerald-500" },
    { label: "Expired unused", value: totals.expired, color: "bg-slate-400" },
  ];
  return (
    <div className="space-y-3 px-5 py-4" data-testid="otp-funnel">
      {steps.map((s) => (
        <div key={s.label}>
          <div className="flex items-baseline justify-between text-sm">
            <span className="text-slate-600">{s.label}</span>
            <span className="font-medium text-slate-900 tabular-nums">{count.format(s.value)}</span>
          </div>
          <div className="mt-1 h-2 rounded-full bg-slate-100">
            <div
              className={`h-2 rounded-full ${s.color}`}
              style={{ width: `${totals.sent === 0 ? 0 : Math.max(1, (s.value / totals.sent) * 100)}%` }}
            />
          </div>
        </div>
      ))}
      <p className="text-sm text-slate-600">
        Conversion <strong className="text-slate-900">{percent(totals.conversionRate)}</strong> (verified ÷ sent)
      </p>
    </div>
  );
}
