import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { numberDetailsSchema, type NumberDetails, type NumberKind, type PhoneNumberView } from "@/schemas/numbers";

const KIND_OF_TYPE: Partial<Record<string, NumberKind>> = {
  MOBILE: "mobile",
  FIXED_LINE: "landline",
  TOLL_FREE: "toll_free",
};

/**
 * A receiving number with its kind and country, for the Numbers page: a short code (3 to 8 digits,
 * no country code) says nothing about its country; a long code's type and country come from
 * libphonenumber's full metadata (a US number can be either mobile or landline: a "long code").
 */
export function describeNumber(view: PhoneNumberView): NumberDetails {
  if (!view.number.startsWith("+")) return numberDetailsSchema.parse({ ...view, kind: "short_code", country: null });
  const parsed = parsePhoneNumberFromString(view.number);
  const kind = KIND_OF_TYPE[parsed?.getType() ?? ""] ?? "long_code";
  return numberDetailsSchema.parse({ ...view, kind, country: parsed?.country ?? null });
}
