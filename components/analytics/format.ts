import type { Granularity } from "./range";

export const count = new Intl.NumberFormat("en-US");
const hourFmt = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  hourCycle: "h23",
  timeZone: "UTC",
});
const dayFmt = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** A bucket's label (buckets are UTC, as the API's). */
export function bucketLabel(start: string, granularity: Granularity): string {
  return granularity === "hour" ? `${hourFmt.format(new Date(start))}:00` : dayFmt.format(new Date(start));
}

export function percent(rate: number | null): string {
  return rate === null ? "—" : `${(rate * 100).toFixed(1)} %`;
}

/** 850 ms, 2.4 s, 3.1 min, 1.2 h. */
export function duration(ms: number | null): string {
  if (ms === null) return "—";
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / 3_600_000).toFixed(1)} h`;
}

/** A chart axis's duration: one line (a no-break space, which the chart never wraps at), "2.3 min". */
export function axisDuration(ms: number): string {
  return duration(ms).replace(" ", "\u00a0");
}

const regions = new Intl.DisplayNames(["en"], { type: "region" });
export function countryName(code: string): string {
  if (!code) return "Unknown";
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}
