import type { DbOrTx } from "../db/client";
import { createContactInput, type ContactView, type CreateContactInput } from "@/schemas/contacts";
import { AppError } from "../errors";
import { isUniqueViolation } from "../db/unique-violation";
import { newId } from "../ids";
import { optOutsOf } from "./opt-outs-of";
import { toContactView } from "./to-view";
import { contactPhoneOf } from "./contact-phone";
import { storedCountryOf } from "./contact-country";
import type { AuditActor } from "../audit/actor";
import { auditContactsChange, inTransaction } from "./audit-contacts";

export function contactExists(phone: string): AppError {
  return new AppError("contact_exists", `A contact with phone ${phone} already exists.`);
}

/** POST /contacts (contract §10): unique per organization by phone, 409 `contact_exists` otherwise. */
export async function createContact(
  db: DbOrTx,
  organizationId: string,
  input: CreateContactInput,
  now = new Date(),
  actor?: AuditActor,
): Promise<ContactView> {
  const parsed = createContactInput.parse(input);
  const data = { ...parsed, phone: await contactPhoneOf(db, organizationId, parsed.phone) };
  try {
    // The unique (organization_id, phone) index decides, so two concurrent creates cannot both win.
    // ON CONFLICT DO NOTHING (skipDuplicates): a duplicate is an expected 409, not a database error
    // for the log (issue 38: each one logged prisma:error).
    const row = await inTransaction(db, async (tx) => {
      const [created] = await tx.contact.createManyAndReturn({
        skipDuplicates: true,
        data: {
          id: newId("ct"),
          organizationId,
          phone: data.phone,
          country: storedCountryOf(data.phone),
          firstName: data.firstName ?? null,
          lastName: data.lastName ?? null,
          email: data.email ?? null,
          attributes: data.attributes ?? {},
          tags: data.tags ?? [],
          createdAt: now,
          updatedAt: now,
        },
      });
      if (!created) throw contactExists(data.phone);
      await auditContactsChange(tx, organizationId, actor, {
        action: "contact.created",
        resourceType: "contact",
        resourceId: created.id,
        before: null,
        after: created,
      });
      return created;
    });
    const optOuts = await optOutsOf(db, organizationId, [row.phone]);
    return toContactView(row, optOuts.get(row.phone) ?? null);
  } catch (err) {
    if (isUniqueViolation(err)) throw contactExists(data.phone);
    throw err;
  }
}
