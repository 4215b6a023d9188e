import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";

/** DELETE /contacts/:id. An opt-out of the phone stays: it belongs to the number, not the contact. */
export async function deleteContact(db: DbOrTx, organizationId: string, contactId: string): Promise<void> {
  const { count } = await db.contact.deleteMany({ where: { id: contactId, organizationId } });
  if (count === 0) throw new AppError("not_found", `No contact with id ${contactId}.`);
}
