import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { OptOutSource } from "@/schemas/opt-outs";
import { deleteOptOut } from "./write-opt-outs";
import type { AuditActor } from "../../audit/actor";
import { auditContactsChange } from "../audit-contacts";

/** Opts the number back in: the opt-out goes and `contact.opted_in` is emitted, in one transaction. */
export async function removeOptOut(
  db: Db,
  organizationId: string,
  phone: string,
  source: OptOutSource,
  now = new Date(),
  actor?: AuditActor,
): Promise<void> {
  await db.$transaction(async (tx) => {
    if (!(await deleteOptOut(tx, organizationId, phone, source, now))) {
      throw new AppError("not_found", `${phone} is not opted out.`);
    }
    await auditContactsChange(tx, organizationId, actor, {
      action: "optOut.removed",
      resourceType: "optOut",
      resourceId: phone,
      before: { phone, source },
      after: null,
    });
  });
}
