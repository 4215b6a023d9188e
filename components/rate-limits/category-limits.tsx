import type { RateLimitUsage } from "@/schemas/rate-limits";
import { Card, CardHeader } from "../ui/card";
import { cn } from "../ui/cn";
import { numberFormat, UsageBar, usageLevel, usageTextClass } from "./usage-bar";

/** Each endpoint group's own minute window (fixed limits, contract §7). */
export function CategoryLimits({
  categories,
  enforced,
}: {
  categories: RateLimitUsage["categories"];
  enforced: boolean;
}) {
  return (
    <Card>
      <CardHeader
        title="Per-endpoint limits (per minute)"
        description="Each group of endpoints has its own limit on top of the organization's."
      />
      <ul className="divide-y divide-slate-100" aria-label="Per-endpoint limits">
        {categories.map((c) => {
          const level = usageLevel(c.used, c.limit, enforced);
          return (
            <li
              key={c.category}
              className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1.5 px-5 py-3"
            >
              <div className="min-w-0">
                <span className="text-sm font-medium text-slate-800">{c.label}</span>
                <code className="ml-2 font-mono text-xs text-slate-400">{c.category}</code>
              </div>
              <span
                className={cn("text-sm tabular-nums", usageTextClass(level))}
                data-testid={`category-${c.category}`}
              >
                <span className="font-medium">{numberFormat.format(c.used)}</span>
                <span className="text-slate-400"> / {numberFormat.format(c.limit)}</span>
              </span>
              <UsageBar
                label={`${c.label} requests this minute`}
                used={c.used}
                limit={c.limit}
                enforced={enforced}
                size="sm"
                className="col-span-2"
              />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
