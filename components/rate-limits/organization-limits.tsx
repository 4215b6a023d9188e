import type { RateLimitConfig } from "@/schemas/rate-limits";
import { Card, CardHeader } from "../ui/card";
import { numberFormat, UsageBar, usageLevel, usageTextClass } from "./usage-bar";

const WINDOWS = [
  { key: "perMinute", title: "Per minute", window: "Last 60 seconds" },
  { key: "perHour", title: "Per hour", window: "Last 60 minutes" },
  { key: "perDay", title: "Per day", window: "Last 24 hours" },
] as const;

/** The three organization-wide caps, each with what is in use in its rolling window. */
export function OrganizationLimits({ config }: { config: RateLimitConfig }) {
  return (
    <Card>
      <CardHeader
        title="Organization limits"
        description="All API requests of the organization together, every key and endpoint, over rolling windows."
      />
      <div className="grid divide-y divide-slate-100 sm:grid-cols-3 sm:divide-x sm:divide-y-0">
        {WINDOWS.map((w) => {
          const used = config.currentUsage[w.key];
          const limit = config[w.key];
          const level = usageLevel(used, limit, config.enabled);
          const share = limit > 0 ? (used / limit) * 100 : 0;
          const pct = used > 0 && share < 1 ? "<1" : String(Math.floor(share));
          return (
            <div key={w.key} className="px-5 py-4" data-window={w.key}>
              <div className="flex items-baseline justify-between gap-2">
                <h3 className="text-sm font-medium text-slate-700">{w.title}</h3>
                <span className="text-xs text-slate-500">{w.window}</span>
              </div>
              <p className="mt-2 flex items-baseline gap-1.5">
                <span className={`text-2xl font-semibold tabular-nums ${usageTextClass(level)}`}>
                  {numberFormat.format(used)}
                </span>
                <span className="text-sm text-slate-500 tabular-nums">of {numberFormat.format(limit)}</span>
              </p>
              <UsageBar
                label={`Requests ${w.title.toLowerCase()}`}
                used={used}
                limit={limit}
                enforced={config.enabled}
                className="mt-3"
              />
              <p className="mt-2 text-xs text-slate-500 tabular-nums">
                {!config.enabled
                  ? "Not enforced while rate limiting is off"
                  : level === "full"
                    ? "Limit reached: requests get 429"
                    : `${pct}% used · ${numberFormat.format(Math.max(0, limit - used))} left`}
              </p>
            </div>
          );
        })}
      </div>
    </Card>
  );
}
