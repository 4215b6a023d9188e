import { formatDateTime, formatPreciseClock, formatRelative } from "../format/time";

export { formatDateTime, formatRelative };

/** `msg_…x7Kp2QaZ`: the random tail tells ids apart (the head is the creation time, shared by neighbours). */
export function shortId(id: string): string {
  const at = id.indexOf("_");
  return at > 0 && id.length > at + 9 ? `${id.slice(0, at + 1)}…${id.slice(-8)}` : id;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Local midnight at the start of `yyyy-mm-dd`, or undefined for anything else. */
export function startOfDay(day: string): Date | undefined {
  if (!DAY.test(day)) return undefined;
  const date = new Date(`${day}T00:00:00`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Local midnight after `yyyy-mm-dd`: a range "until" a day includes the whole day. */
export function endOfDay(day: string): Date | undefined {
  const start = startOfDay(day);
  if (!start) return undefined;
  const next = new Date(start);
  next.setDate(next.getDate() + 1);
  return next;
}

/**
 * The list request's `from` and `until` for a Since/Until pair of days. A day that is not one, or
 * an Until that is not after Since, is left out rather than sent, so the list is never an error.
 */
export function dayRange(since: string, until: string): { from?: Date; until?: Date } {
  const from = startOfDay(since);
  const end = endOfDay(until);
  return {
    ...(from ? { from } : {}),
    ...(end && (!from || from < end) ? { until: end } : {}),
  };
}

/** 10:15:02.123 AM PST: the steps of a sandbox message are a fraction of a second apart. */
export const formatTime = (iso: string) => formatPreciseClock(iso);

/** "+0.42 s" or "+3 min" after `since`. */
export function formatDelta(iso: string, since: string): string {
  const ms = Date.parse(iso) - Date.parse(since);
  if (ms < 60_000) return `+${(ms / 1000).toFixed(2)} s`;
  if (ms < 3_600_000) return `+${Math.round(ms / 60_000)} min`;
  return `+${(ms / 3_600_000).toFixed(1)} h`;
}
