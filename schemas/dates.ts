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

/** Nanoseconds: the finest a timestamp is written in practice. */
const MAX_FRACTION_DIGITS = 9;
/** The seconds' fraction: the only `.` an ISO 8601 instant holds. */
const FRACTION = /\.(\d+)/;
export const FRACTION_MESSAGE = `At most ${MAX_FRACTION_DIGITS} fraction digits of a second.`;

/** An ISO 8601 instant's fraction has at most nanoseconds (issue 38: more were misread). */
export function hasBoundedFraction(value: string): boolean {
  return (FRACTION.exec(value)?.[1]?.length ?? 0) <= MAX_FRACTION_DIGITS;
}

/**
 * The instant a valid ISO 8601 date-time names, cut to the millisecond (timestamptz(3)): never
 * rounded up into the next one. V8's Date truncates up to 9 fraction digits but reads more through
 * a legacy parser that misplaces them (`.000123456789Z` as .123, issue 38), so the fraction is cut
 * here before Date sees it.
 */
export function instantOf(value: string): Date {
  return new Date(value.replace(FRACTION, (_, digits: string) => `.${digits.slice(0, 3).padEnd(3, "0")}`));
}

/** A query's ISO 8601 instant (`Z` only), as a Date in range; at most nanoseconds. */
export const isoInstantSchema = z.iso
  .datetime()
  .refine(hasBoundedFraction, FRACTION_MESSAGE)
  .transform(instantOf)
  .pipe(dateInRange);
