import type { DbOrTx } from "../db/client";
import type { Contact } from "../db/generated/client";
import type { ContactView } from "@/schemas/contacts";
import { AppError } from "../errors";
import { optOutsOf } from "./opt-outs-of";
import { toContactView } from "./to-view";

/** A contact of this organization, or 404 (another tenant's id answers exactly like a missing one). */
export async function getContactOrThrow(db: DbOrTx, organizationId: string, contactId: string): Promise<Contact> {
  const contact = await db.contact.findFirst({ where: { id: contactId, organizationId } });
  if (!contact) throw new AppError("not_found", `No contact with id ${contactId}.`);
  return contact;
}

export async function getContactView(db: DbOrTx, organizationId: string, contactId: string): Promise<ContactView> {
  const contact = await getContactOrThrow(db, organizationId, contactId);
  const optOuts = await optOutsOf(db, organizationId, [contact.phone]);
  return toContactView(contact, optOuts.get(contact.phone) ?? null);
}
