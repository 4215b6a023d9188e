"use client";

import { formatClock, formatDate, formatDateTime, formatRelative, formatUtc } from "../format/time";
import { useHydrated } from "./use-hydrated";

export type TimeFormat = "datetime" | "clock" | "date" | "relative";

/**
 * An instant in the viewer's zone, the zone named, its UTC time on hover (the one time-zone rule:
 * components/format/time.ts). `relative` is judged against `now` (when the data was fetched; without
 * it the full time is shown), so a list does not re-render every second.
 *
 * The server does not know the viewer's zone: a server render, and the browser's hydration of it,
 * show the same instant in UTC (named, so never mistaken for local time), then the viewer's zone.
 * A <Time> first rendered in the browser (data fetched after load) shows the viewer's zone at once.
 */
export function Time({
  at,
  format = "datetime",
  now,
  className,
}: {
  at: string | Date;
  format?: TimeFormat;
  now?: number;
  className?: string;
}) {
  const zone = useHydrated() ? undefined : "UTC";
  const iso = typeof at === "string" ? at : at.toISOString();
  const text =
    format === "clock"
      ? formatClock(iso, zone)
      : format === "date"
        ? formatDate(iso, zone)
        : format === "relative" && now !== undefined
          ? formatRelative(iso, now, zone)
          : formatDateTime(iso, zone);
  const title =
    format === "datetime" || format === "clock" ? formatUtc(iso) : `${formatDateTime(iso, zone)} · ${formatUtc(iso)}`;
  return (
    <time dateTime={iso} title={title} className={className}>
      {text}
    </time>
  );
}
