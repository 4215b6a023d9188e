import type { Db } from "../../db/client";
import { createOptOutInput, type CreateOptOutInput, type OptOutSource, type OptOutView } from "@/schemas/opt-outs";
import { toOptOutView } from "./to-view";
import { writeOptOut } from "./write-opt-outs";
import type { AuditActor } from "../../audit/actor";
import { auditContactsChange } from "../audit-contacts";

/**
 * Opts a number out of the organization (contract §10); it need not be a contact. Opting out a
 * number already opted out keeps the first opt-out (its time and source) and emits no second event.
 */
export async function addOptOut(
  db: Db,
  organizationId: string,
  input: CreateOptOutInput,
  source: OptOutSource,
  now = new Date(),
  actor?: AuditActor,
): Promise<OptOutView> {
  const { phone } = createOptOutInput.parse(input);
  return db.$transaction(async (tx) => {
    const added = await writeOptOut(tx, organizationId, phone, source, now);
    if (added) {
      await auditContactsChange(tx, organizationId, actor, {
        action: "optOut.added",
        resourceType: "optOut",
        resourceId: phone,
        before: null,
        after: { phone, source },
      });
    }
    const row = await tx.contactOptOut.findUniqueOrThrow({
      where: { organizationId_phone: { organizationId, phone } },
    });
    return toOptOutView(row);
  });
}
