import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { SenderType } from "@/schemas/numbers";

/** Contract §15: what each type of number may send by default, in message segments per second. */
export const DEFAULT_MPS: Readonly<Record<SenderType, number>> = { long_code: 1, toll_free: 3, short_code: 100 };

/** A short code is 3 to 8 digits; a toll-free number by libphonenumber's type; anything else a long code. */
export function senderTypeOf(number: string): SenderType {
  if (/^[0-9]{3,8}$/.test(number)) return "short_code";
  return parsePhoneNumberFromString(number)?.getType() === "TOLL_FREE" ? "toll_free" : "long_code";
}

/** An alphanumeric sender ID (letters and digits, not a number): paced per organization and label. */
export function isAlphanumericSender(sender: string): boolean {
  return !sender.startsWith("+") && !/^[0-9]+$/.test(sender);
}

/**
 * The throughput a sender gets when the organization has no number row for it: an alphanumeric
 * label `alphanumericMps` (ALPHANUMERIC_SENDER_MPS), a number its type's default.
 */
export function defaultMpsOf(sender: string, alphanumericMps: number): number {
  return isAlphanumericSender(sender) ? alphanumericMps : DEFAULT_MPS[senderTypeOf(sender)];
}
