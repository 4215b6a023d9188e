import type { DbOrTx } from "../db/client";
import { updateContactInput, type ContactView, type UpdateContactInput } from "@/schemas/contacts";
import { isUniqueViolation } from "../db/unique-violation";
import { contactExists } from "./create-contact";
import { getContactOrThrow } from "./get-contact-or-throw";
import { optOutsOf } from "./opt-outs-of";
import { toContactView } from "./to-view";
import { contactPhoneOf } from "./contact-phone";
import { storedCountryOf } from "./contact-country";
import type { AuditActor } from "../audit/actor";
import { auditContactsChange, inTransaction } from "./audit-contacts";

/** PATCH /contacts/:id: only the given fields change; a new phone must still be unique. */
export async function updateContact(
  db: DbOrTx,
  organizationId: string,
  contactId: string,
  input: UpdateContactInput,
  now = new Date(),
  actor?: AuditActor,
): Promise<ContactView> {
  const parsed = updateContactInput.parse(input);
  const patch = parsed.phone ? { ...parsed, phone: await contactPhoneOf(db, organizationId, parsed.phone) } : parsed;
  await getContactOrThrow(db, organizationId, contactId);
  const row = await inTransaction(db, async (tx) => {
    const before = await getContactOrThrow(tx, organizationId, contactId);
    await write(tx);
    const after = await getContactOrThrow(tx, organizationId, contactId);
    await auditContactsChange(tx, organizationId, actor, {
      action: "contact.updated",
      resourceType: "contact",
      resourceId: contactId,
      before,
      after,
    });
    return after;
  });
  const optOuts = await optOutsOf(db, organizationId, [row.phone]);
  return toContactView(row, optOuts.get(row.phone) ?? null);

  async function write(tx: DbOrTx) {
    // A taken phone is an expected 409: found here rather than as a unique violation, which the
    // database client logs as an error (issue 38). The index still decides a race.
    if (patch.phone) {
      const taken = await tx.contact.findFirst({
        where: { organizationId, phone: patch.phone, id: { not: contactId } },
        select: { id: true },
      });
      if (taken) throw contactExists(patch.phone);
    }
    try {
      // organizationId in the filter: the row is changed only if it is still this tenant's.
      const { count } = await tx.contact.updateMany({
        where: { id: contactId, organizationId },
        data: {
          phone: patch.phone,
          country: patch.phone ? storedCountryOf(patch.phone) : undefined,
          firstName: patch.firstName,
          lastName: patch.lastName,
          email: patch.email,
          attributes: patch.attributes,
          tags: patch.tags,
          updatedAt: now,
        },
      });
      if (count === 0) await getContactOrThrow(tx, organizationId, contactId);
    } catch (err) {
      if (isUniqueViolation(err) && patch.phone) throw contactExists(patch.phone);
      throw err;
    }
  }
}
