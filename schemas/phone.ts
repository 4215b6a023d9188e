import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { BoundedMemo } from "./bounded-memo";

/** contract §1: a leading + and 8 to 15 digits (the first not 0). */
export const E164 = /^\+[1-9][0-9]{7,14}$/;

const SHAPE_MESSAGE = "Use E.164 format: a leading + and 8 to 15 digits, e.g. +14155550123.";

export type PhoneValidation = { ok: true; e164: string } | { ok: false; message: string };

/**
 * Validates one recipient: first the E.164 shape, then libphonenumber's full metadata (number
 * length and ranges of its country). The sandbox magic numbers (+15005550001 to +15005550003) and
 * the documentation example +14155550123 are valid there. Used item by item by bulk sends.
 *
 * The metadata check is the costliest step of accepting a message (7 µs for a US number, ~50 µs
 * for some others: the library compiles a regular expression per test), and its answer depends on
 * the number alone, so answers are remembered for the recipients seen last. Senders write to the
 * same numbers again and again (passcodes, alerts, recurring campaigns).
 */
export function validatePhoneNumber(value: string): PhoneValidation {
  if (!E164.test(value)) return { ok: false, message: SHAPE_MESSAGE };
  return checked.get(value, checkWithMetadata);
}

/** Recipients whose answer is kept: 2 × 50,000 at most, about 10 MB. */
export const PHONE_MEMO_CAPACITY = 50_000;
const checked = new BoundedMemo<string, PhoneValidation>(PHONE_MEMO_CAPACITY);

function checkWithMetadata(value: string): PhoneValidation {
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed)
    return { ok: false, message: `${value} is not a valid phone number: its country calling code is unknown.` };
  if (!parsed.isValid()) {
    const where = parsed.country
      ? `${parsed.country} (+${parsed.countryCallingCode})`
      : `its country code (+${parsed.countryCallingCode})`;
    return { ok: false, message: `${value} is not a valid phone number for ${where}.` };
  }
  // A national trunk prefix after the country code (+44 0…) parses, but it is not E.164.
  if (parsed.number !== value) {
    return { ok: false, message: `${value} is not in E.164 form: write it as ${parsed.number}.` };
  }
  return { ok: true, e164: parsed.number };
}

/**
 * Every issue carries the contract code so the REST wrapper answers `invalid_phone_number` instead
 * of the generic `invalid_request` (a value that is not a string at all stays `invalid_request`).
 */
export const phoneNumberSchema = z
  .string()
  .superRefine((value, ctx) => {
    const result = validatePhoneNumber(value);
    if (!result.ok) ctx.addIssue({ code: "custom", message: result.message, params: { code: "invalid_phone_number" } });
  })
  .meta({ example: "+14155550123" });
