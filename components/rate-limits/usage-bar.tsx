import { cn } from "../ui/cn";
import { numberFormat, usageLevel, type UsageLevel } from "./usage-level";

export { numberFormat, usageLevel };

const FILL: Record<UsageLevel, string> = {
  ok: "bg-indigo-500",
  warning: "bg-amber-500",
  full: "bg-red-500",
  off: "bg-slate-300",
};

const TEXT: Record<UsageLevel, string> = {
  ok: "text-slate-900",
  warning: "text-amber-700",
  full: "text-red-700",
  off: "text-slate-500",
};

export function usageTextClass(level: UsageLevel): string {
  return TEXT[level];
}

/**
 * A horizontal meter: `used` of `limit`. Exposed as role="meter" so the numbers are readable
 * without the colour (and by tests).
 */
export function UsageBar({
  label,
  used,
  limit,
  enforced = true,
  size = "md",
  className,
}: {
  label: string;
  used: number;
  limit: number;
  enforced?: boolean;
  size?: "sm" | "md";
  className?: string;
}) {
  const level = usageLevel(used, limit, enforced);
  const pct = limit > 0 ? Math.min(100, (used / limit) * 100) : 0;
  return (
    <div
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={limit}
      aria-valuenow={Math.min(used, limit)}
      aria-valuetext={`${numberFormat.format(used)} of ${numberFormat.format(limit)}`}
      data-level={level}
      className={cn("overflow-hidden rounded-full bg-slate-100", size === "md" ? "h-2" : "h-1.5", className)}
    >
      <div
        className={cn("h-full rounded-full transition-[width] duration-500 ease-out", FILL[level])}
        // A sliver stays visible for one request out of thousands.
        style={{ width: used > 0 ? `max(${pct}%, 4px)` : "0%" }}
      />
    </div>
  );
}
