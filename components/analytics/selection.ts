import type { KeyEnvironment } from "@/schemas/api-keys";
import { isOneOf } from "../dashboard/url-values";
import { customRange, presetRange, PRESETS, type Preset, type Range } from "./range";

/** The Analytics page's state in the URL (`?range=custom&from=2026-11-01&to=2026-11-07&env=live`). */
export const ANALYTICS_URL_KEYS = ["range", "env", "from", "to"] as const;
export type AnalyticsUrlState = Record<(typeof ANALYTICS_URL_KEYS)[number], string>;
const RANGES = [...PRESETS, "custom"] as const;

export interface AnalyticsSelection {
  preset: Preset | "custom";
  environment: KeyEnvironment;
  /** A custom range's days as typed; `error` when they do not make a range. */
  custom: { first: string; last: string; error: string | null };
  /** null until a custom range has both days. */
  range: Range | null;
}

/**
 * What the page shows for a URL: its range (7 days by default) and environment (the header's switch
 * unless the URL names one). The server's prefetch and the page compute it alike, so they ask for
 * the same queries; presets end on a whole hour or day, so a second apart they are the same range.
 */
export function analyticsSelection(
  url: AnalyticsUrlState,
  switched: KeyEnvironment,
  now = new Date(),
): AnalyticsSelection {
  const preset: Preset | "custom" = isOneOf(RANGES, url.range) ? url.range : "7d";
  const environment = url.env === "live" || url.env === "test" ? url.env : switched;
  // Nothing to say until both days are there: an untouched Custom range is not an error.
  const result = preset === "custom" && url.from && url.to ? customRange(url.from, url.to) : null;
  const range = preset === "custom" ? (result && "from" in result ? result : null) : presetRange(preset, now);
  return {
    preset,
    environment,
    custom: { first: url.from, last: url.to, error: result && "error" in result ? result.error : null },
    range,
  };
}

/** The three queries of the page for a selection with a range. */
export function analyticsQueries(selection: AnalyticsSelection & { range: Range }) {
  const input = { environment: selection.environment, ...selection.range };
  return { messages: input, countries: { ...input, groupBy: "country" as const }, otp: input };
}
