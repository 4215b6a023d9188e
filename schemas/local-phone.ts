import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import { validatePhoneNumber, type PhoneValidation } from "./phone";

const SEPARATORS = /[\s().\-/]/g;

/**
 * A contact's phone as people write it: E.164 (`+14155550177`, separators allowed), or a local
 * number (`(415) 555-0177`) read in the organization's default country (ISO 3166-1 alpha-2).
 * Without a default country only E.164 is accepted, and the message says how to change that.
 */
export function resolvePhone(raw: string, defaultCountry: string | null): PhoneValidation {
  const value = raw.trim();
  if (value.startsWith("+")) return validatePhoneNumber(value.replace(SEPARATORS, ""));
  if (!/^[0-9\s().\-/]{4,32}$/.test(value)) return validatePhoneNumber(value);
  if (!defaultCountry) {
    return {
      ok: false,
      message: `${value} is a local number: write it in E.164 (+…), or set the organization's default country to read local numbers.`,
    };
  }
  const parsed = parsePhoneNumberFromString(value, defaultCountry as CountryCode);
  if (!parsed || !parsed.isValid()) {
    return { ok: false, message: `${value} is not a valid phone number in ${defaultCountry}.` };
  }
  return validatePhoneNumber(parsed.number);
}
