import { z } from "zod";

/** contract §11: a scheduled send is due from 60 seconds to 35 days after acceptance. */
export const SEND_AT_MIN_SECONDS = 60;
export const SEND_AT_MAX_SECONDS = 35 * 24 * 60 * 60;

/** Nanoseconds: the finest a timestamp is written in practice. */
const MAX_FRACTION_DIGITS = 9;
/** The seconds' fraction: the only `.` an ISO 8601 instant holds. */
const FRACTION = /\.(\d+)/;

/**
 * An ISO 8601 instant with a zone (`Z` or an offset), at most nanoseconds; the window is checked
 * against the server's clock. Read it with sendAtInstant(), never `new Date()`.
 */
export const sendAtSchema = z.iso
  .datetime({ offset: true, message: "An ISO 8601 date-time with a zone, e.g. 2026-12-01T09:00:00Z." })
  .refine((value) => (FRACTION.exec(value)?.[1]?.length ?? 0) <= MAX_FRACTION_DIGITS, {
    message: `At most ${MAX_FRACTION_DIGITS} fraction digits of a second.`,
  })
  .meta({
    description:
      "Schedules the send (contract §11): 60 seconds to 35 days from now, else 400 `invalid_send_at`. " +
      "The message is `SCHEDULED` until then, and can be canceled.",
    example: "2026-12-01T09:00:00.000Z",
  });

/**
 * The instant a valid `sendAt` names, cut to the millisecond (the column's precision): never
 * rounded up into the next one. V8's Date truncates up to 9 fraction digits but reads more through
 * a legacy parser that misplaces them (`.000123456789Z` as .123, issue 38), so the fraction is cut
 * here before Date sees it.
 */
export function sendAtInstant(value: string): Date {
  return new Date(value.replace(FRACTION, (_, digits: string) => `.${digits.slice(0, 3).padEnd(3, "0")}`));
}

/** Why `sendAt` is outside the window, naming its edges; null when it is inside. */
export function sendAtWindowError(sendAt: Date, now: Date): string | null {
  const earliest = new Date(now.getTime() + SEND_AT_MIN_SECONDS * 1000);
  const latest = new Date(now.getTime() + SEND_AT_MAX_SECONDS * 1000);
  if (sendAt >= earliest && sendAt <= latest) return null;
  return (
    `sendAt must be from 60 seconds to 35 days ahead: between ${earliest.toISOString()} and ` +
    `${latest.toISOString()} (it was ${sendAt.toISOString()}).`
  );
}
