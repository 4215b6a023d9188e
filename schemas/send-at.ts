import { z } from "zod";
import { FRACTION_MESSAGE, hasBoundedFraction } from "./dates";

/** contract §11: a scheduled send is due from 60 seconds to 35 days after acceptance. */
export const SEND_AT_MIN_SECONDS = 60;
export const SEND_AT_MAX_SECONDS = 35 * 24 * 60 * 60;

/**
 * An ISO 8601 instant with a zone (`Z` or an offset), at most nanoseconds; the window is checked
 * against the server's clock. Read it with instantOf() (schemas/dates.ts), never `new Date()`.
 */
export const sendAtSchema = z.iso
  .datetime({ offset: true, message: "An ISO 8601 date-time with a zone, e.g. 2026-12-01T09:00:00Z." })
  .refine(hasBoundedFraction, FRACTION_MESSAGE)
  .meta({
    description:
      "Schedules the send (contract §11): 60 seconds to 35 days from now, else 400 `invalid_send_at`. " +
      "The message is `SCHEDULED` until then, and can be canceled.",
    example: "2026-12-01T09:00:00.000Z",
  });

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
