import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import type { AuditActor } from "../audit/actor";
import { auditContactsChange, inTransaction } from "./audit-contacts";

/** DELETE /contacts/:id. An opt-out of the phone stays: it belongs to the number, not the contact. */
export async function deleteContact(
  db: DbOrTx,
  organizationId: string,
  contactId: string,
  actor?: AuditActor,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [before] = await tx.contact.findMany({ where: { id: contactId, organizationId } });
    const { count } = await tx.contact.deleteMany({ where: { id: contactId, organizationId } });
    if (count === 0 || !before) throw new AppError("not_found", `No contact with id ${contactId}.`);
    await auditContactsChange(tx, organizationId, actor, {
      action: "contact.deleted",
      resourceType: "contact",
      resourceId: contactId,
      before,
      after: null,
    });
  });
}
