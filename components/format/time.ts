// The dashboard's one time-zone rule (issue 30): an instant is shown in the viewer's zone with the
// zone named ("12:58:03 PM PST"), its UTC time on hover; a day that is a UTC day (analytics
// buckets, billing periods, usage) says "UTC". Every formatter takes an optional zone so tests
// (and the server, which has no viewer) can pin one. Client-safe, no React.

type At = string | number | Date;

const toDate = (at: At) => (at instanceof Date ? at : new Date(at));

// Intl formatters are costly to build and tables render hundreds of cells: one per zone and shape.
const cache = new Map<string, Intl.DateTimeFormat>();
function fmt(key: string, timeZone: string | undefined, options: Intl.DateTimeFormatOptions) {
  const id = `${key}|${timeZone ?? ""}`;
  let f = cache.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { ...options, ...(timeZone ? { timeZone } : {}) });
    cache.set(id, f);
  }
  return f;
}

const TIME: Intl.DateTimeFormatOptions = { hour: "numeric", minute: "2-digit", second: "2-digit" };
const DATE: Intl.DateTimeFormatOptions = { year: "numeric", month: "short", day: "numeric" };

/** The viewer's zone, e.g. "Europe/Paris". */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "12:58:03 PM PST": the time of day in the viewer's zone, seconds and zone included. */
export function formatClock(at: At, timeZone?: string): string {
  return fmt("clock", timeZone, { ...TIME, timeZoneName: "short" }).format(toDate(at));
}

/** "Nov 26, 2026, 12:58:03 PM PST". */
export function formatDateTime(at: At, timeZone?: string): string {
  return fmt("datetime", timeZone, { ...DATE, ...TIME, timeZoneName: "short" }).format(toDate(at));
}

/** "3 PM" (on the hour) or "3:15 PM": a chart's axis, in the viewer's zone; name the zone beside the chart. */
export function formatAxisTime(at: At, timeZone?: string): string {
  return fmt("axis", timeZone, { hour: "numeric", minute: "2-digit" })
    .format(toDate(at))
    .replace(/:00(?=\s)/, "");
}

/** The zone's short name at an instant ("PST", "PDT", "GMT+9"), for a chart or a filter that shows bare times. */
export function zoneName(at: At, timeZone?: string): string {
  const parts = fmt("zone", timeZone, { timeZoneName: "short" }).formatToParts(toDate(at));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? "UTC";
}

/** "Nov 26, 2026" in the viewer's zone (a calendar day of theirs, not a UTC day). */
export function formatDate(at: At, timeZone?: string): string {
  return fmt("date", timeZone, DATE).format(toDate(at));
}

/** "2026-11-26 20:58:03 UTC": the exact instant, for hover titles and exports. */
export function formatUtc(at: At): string {
  return `${toDate(at).toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

/** "10:15:02.123 AM PST": steps of a sandbox message are a fraction of a second apart. */
export function formatPreciseClock(at: At, timeZone?: string): string {
  return fmt("precise", timeZone, { ...TIME, fractionalSecondDigits: 3, timeZoneName: "short" }).format(toDate(at));
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });

/** "just now", "5 minutes ago", "yesterday", then the viewer's date after a month. */
export function formatRelative(at: At, now: number, timeZone?: string): string {
  const seconds = Math.round((toDate(at).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 60) return "just now";
  if (abs < 3600) return relative.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relative.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return relative.format(Math.round(seconds / 86_400), "day");
  return formatDate(at, timeZone);
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written as ISO 8601 ("2026-11-26"); "2026-02-30" is not one. */
export function isIsoDay(text: string): boolean {
  const m = ISO_DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The UTC day of an instant, "2026-11-26". */
export function utcDay(at: At): string {
  return toDate(at).toISOString().slice(0, 10);
}

/** The viewer's calendar day of an instant, "2026-11-26" (what a date filter shows for "today"). */
export function localIsoDay(at: At, timeZone?: string): string {
  const parts = fmt("isoday", timeZone, { year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(
    toDate(at),
  );
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get("year")}-${get("month")}-${get("day")}`;
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const SHORT_MONTHS = MONTHS.map((m) => m.slice(0, 3));

/** A UTC day ("2026-11-26" or an instant) as "Nov 26 UTC"; `year` adds it ("Nov 26, 2026 UTC"). */
export function formatUtcDay(day: At, { year = false }: { year?: boolean } = {}): string {
  const iso = typeof day === "string" && ISO_DAY.test(day) ? day : utcDay(day);
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return `${SHORT_MONTHS[m - 1]} ${d}${year ? `, ${y}` : ""} UTC`;
}

/** A UTC hour bucket's start as "Nov 26, 14:00 UTC". */
export function formatUtcHour(at: At): string {
  const iso = toDate(at).toISOString();
  return `${formatUtcDay(iso.slice(0, 10)).replace(" UTC", "")}, ${iso.slice(11, 13)}:00 UTC`;
}

/** A billing period ("2026-11") as "November 2026"; anything else is returned as it is. */
export function formatPeriod(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${month} ${m[1]}` : period;
}
