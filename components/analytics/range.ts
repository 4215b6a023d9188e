/** The Analytics page's date ranges (contract §9 limits: 7 days by hour, 400 by day). Client-safe. */
export const PRESETS = ["24h", "7d", "30d", "90d"] as const;
export type Preset = (typeof PRESETS)[number];
export type Granularity = "hour" | "day";

export interface Range {
  from: Date;
  to: Date;
  granularity: Granularity;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A preset ending with the current hour (24 h) or day: whole buckets, the current one included. */
export function presetRange(preset: Preset, now = new Date()): Range {
  if (preset === "24h") {
    const to = new Date(Math.ceil((now.getTime() + 1) / HOUR) * HOUR);
    return { from: new Date(to.getTime() - DAY), to, granularity: "hour" };
  }
  const days = { "7d": 7, "30d": 30, "90d": 90 }[preset];
  const to = new Date(Math.ceil((now.getTime() + 1) / DAY) * DAY);
  return { from: new Date(to.getTime() - days * DAY), to, granularity: "day" };
}

/** A custom range of whole UTC days (both inclusive): by hour up to 2 days, by day up to 400. */
export function customRange(first: string, last: string): Range | { error: string } {
  const from = new Date(`${first}T00:00:00Z`);
  const lastDay = new Date(`${last}T00:00:00Z`);
  if (Number.isNaN(from.getTime()) || Number.isNaN(lastDay.getTime())) return { error: "Pick both days." };
  if (lastDay < from) return { error: "The last day is before the first." };
  const to = new Date(lastDay.getTime() + DAY);
  const days = (to.getTime() - from.getTime()) / DAY;
  if (days > 400) return { error: "At most 400 days." };
  return { from, to, granularity: days <= 2 ? "hour" : "day" };
}
