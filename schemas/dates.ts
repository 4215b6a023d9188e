import { z } from "zod";

// contract §12, Input: dates outside 1970-01-01 … 9999-12-31 are 400, and a date that is not on the
// calendar (2026-02-30) is refused rather than rolled over into March. One rule for every query.

export const EARLIEST_DATE = "1970-01-01";
export const LATEST_DATE = "9999-12-31";
const MIN_MS = Date.UTC(1970, 0, 1);
const END_MS = Date.UTC(10000, 0, 1);

export const DATE_RANGE_MESSAGE = `A date between ${EARLIEST_DATE} and ${LATEST_DATE}.`;

/** The instant is within the range PostgreSQL timestamps and the API agree on. */
export function isInDateRange(at: Date): boolean {
  const ms = at.getTime();
  return !Number.isNaN(ms) && ms >= MIN_MS && ms < END_MS;
}

/** `YYYY-MM-DD…` names a real calendar day (no February 30th, no month 13). */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(2000, mo - 1, d));
  at.setUTCFullYear(y);
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

/** A Date in range, for schemas that already parse their instant (`.pipe(z.coerce.date())`). */
export const dateInRange = z.date().refine(isInDateRange, DATE_RANGE_MESSAGE);

/** A `YYYY-MM-DD` calendar day within the range, kept as the string. */
export const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "A date, YYYY-MM-DD.")
  .refine(isCalendarDate, "Not a calendar date.")
  .refine((v) => v >= EARLIEST_DATE && v <= LATEST_DATE, DATE_RANGE_MESSAGE);
