import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { BoundedMemo } from "@/schemas/bounded-memo";

/**
 * The country (ISO 3166-1 alpha-2) of an already validated E.164 number, or null where the number
 * belongs to a non-geographic code (+800, +882 …) or to no assigned range. Parsing costs
 * microseconds and senders reuse numbers, so answers are remembered like the phone module's.
 */
export function countryOf(e164: string): string | null {
  return memo.get(e164, parseCountry);
}

/**
 * countryOf without the memo, for callers that see each number once (a contact being written, a
 * campaign's million distinct recipients): remembering those would only push out the numbers that
 * bulk and single senders do repeat.
 */
export function parseCountry(e164: string): string | null {
  return parsePhoneNumberFromString(e164)?.country ?? null;
}

const memo = new BoundedMemo<string, string | null>(50_000);
