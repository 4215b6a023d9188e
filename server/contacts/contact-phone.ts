import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { resolvePhone } from "@/schemas/local-phone";

/**
 * A contact's phone in E.164: as given when it already is, else read in the organization's default
 * country (the organization is read only then). 400 `invalid_phone_number` otherwise.
 */
export async function contactPhoneOf(db: DbOrTx, organizationId: string, phone: string): Promise<string> {
  const e164 = phone.startsWith("+")
    ? resolvePhone(phone, null)
    : resolvePhone(phone, await defaultCountryOf(db, organizationId));
  if (!e164.ok) throw new AppError("invalid_phone_number", e164.message);
  return e164.e164;
}

export async function defaultCountryOf(db: DbOrTx, organizationId: string): Promise<string | null> {
  const org = await db.organization.findUnique({ where: { id: organizationId }, select: { defaultCountry: true } });
  return org?.defaultCountry ?? null;
}
