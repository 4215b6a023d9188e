import { formatClock, formatDate, formatDateTime, formatRelative, formatUtc } from "../format/time";

export type TimeFormat = "datetime" | "clock" | "date" | "relative";

/**
 * An instant in the viewer's zone, the zone named, its UTC time on hover (the one time-zone rule:
 * components/format/time.ts). `relative` is judged against `now` (when the data was fetched; without
 * it the full time is shown), so a list does not re-render every second.
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
  const iso = typeof at === "string" ? at : at.toISOString();
  const text =
    format === "clock"
      ? formatClock(iso)
      : format === "date"
        ? formatDate(iso)
        : format === "relative" && now !== undefined
          ? formatRelative(iso, now)
          : formatDateTime(iso);
  const title =
    format === "datetime" || format === "clock" ? formatUtc(iso) : `${formatDateTime(iso)} · ${formatUtc(iso)}`;
  return (
    // The server renders in its own zone, the browser in the viewer's: the text may differ once.
    <time dateTime={iso} title={title} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
