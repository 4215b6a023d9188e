import type { Db } from "../../db/client";
import { createOptOutInput, type CreateOptOutInput, type OptOutSource, type OptOutView } from "@/schemas/opt-outs";
import { toOptOutView } from "./to-view";
import { writeOptOut } from "./write-opt-outs";

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
): Promise<OptOutView> {
  const { phone } = createOptOutInput.parse(input);
  return db.$transaction(async (tx) => {
    await writeOptOut(tx, organizationId, phone, source, now);
    const row = await tx.contactOptOut.findUniqueOrThrow({
      where: { organizationId_phone: { organizationId, phone } },
    });
    return toOptOutView(row);
  });
}
