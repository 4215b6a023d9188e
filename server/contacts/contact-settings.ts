import type { DbOrTx } from "../db/client";
import type { AuditActor } from "../audit/actor";
import {
  contactSettingsSchema,
  updateContactSettingsInput,
  type ContactSettings,
  type UpdateContactSettingsInput,
} from "@/schemas/contact-settings";
import { auditContactsChange, inTransaction } from "./audit-contacts";
import { defaultCountryOf } from "./contact-phone";

/** GET /developer/contact-settings. */
export async function getContactSettings(db: DbOrTx, organizationId: string): Promise<ContactSettings> {
  return contactSettingsSchema.parse({ defaultCountry: await defaultCountryOf(db, organizationId) });
}

/** PATCH /developer/contact-settings: the change and its audit entry commit together. */
export async function updateContactSettings(
  db: DbOrTx,
  organizationId: string,
  input: UpdateContactSettingsInput,
  actor?: AuditActor,
): Promise<ContactSettings> {
  const { defaultCountry } = updateContactSettingsInput.parse(input);
  return inTransaction(db, async (tx) => {
    const before = await tx.organization.findUniqueOrThrow({
      where: { id: organizationId },
      select: { defaultCountry: true },
    });
    await tx.organization.update({ where: { id: organizationId }, data: { defaultCountry } });
    await auditContactsChange(tx, organizationId, actor, {
      action: "organization.updated",
      resourceType: "organization",
      resourceId: organizationId,
      before,
      after: { defaultCountry },
    });
    return contactSettingsSchema.parse({ defaultCountry });
  });
}
