export const numberFormat = new Intl.NumberFormat("en-US");

export type UsageLevel = "ok" | "warning" | "full" | "off";

/** Amber from 80 % of a limit, red once it is reached; grey while limits are not enforced. */
export function usageLevel(used: number, limit: number, enforced = true): UsageLevel {
  if (!enforced) return "off";
  if (limit > 0 && used >= limit) return "full";
  if (limit > 0 && used / limit >= 0.8) return "warning";
  return "ok";
}
