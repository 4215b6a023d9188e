import { parseCountry } from "../billing/country-of";

/**
 * contacts.country holds the phone's country as countryOf answers it, found once when the phone is
 * written, so the campaign sender never parses a recipient's number (docs/campaigns.md, sending
 * speed). NULL is "not known yet" (rows written before the column); a number countryOf places in
 * no country is stored as `ZZ` (libphonenumber's unknown region), so it is not parsed again either.
 */
export const NO_COUNTRY = "ZZ";

/** The value to store in contacts.country for an E.164 phone. */
export function storedCountryOf(e164: string): string {
  return parseCountry(e164) ?? NO_COUNTRY;
}

/** A contact's country as countryOf would answer for `phone`, from the stored value when there is one. */
export function countryFromStored(stored: string | null, phone: string): string | null {
  if (stored === null) return parseCountry(phone);
  return stored === NO_COUNTRY ? null : stored;
}
