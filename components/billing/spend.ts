import { parseMoney } from "@/schemas/money";
import type { BillingView } from "@/schemas/billing";

/** Month-to-date spend against the limit, in units and percent; level for the bar and the banner. */
export function spendLevel(billing: Pick<BillingView, "monthlySpendLimit" | "alertThresholds" | "monthToDate">) {
  const spend = parseMoney(billing.monthToDate.spend) ?? 0;
  const limit = billing.monthlySpendLimit === null ? null : (parseMoney(billing.monthlySpendLimit) ?? 0);
  if (limit === null) return { spend, limit, percent: null, level: "none" as const };
  const percent = limit === 0 ? 100 : Math.min(100, (spend * 100) / limit);
  // "Nearly reached": past the highest alert threshold below 100 %.
  const warnAt = Math.max(0, ...billing.alertThresholds.filter((t) => t < 100));
  const level =
    percent >= 100 ? ("reached" as const) : warnAt > 0 && percent >= warnAt ? ("near" as const) : ("ok" as const);
  return { spend, limit, percent, level };
}
