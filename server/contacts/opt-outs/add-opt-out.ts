import type { Db } from "../../db/client";
import { createOptOutInput, type CreateOptOutInput, type OptOutSource, type OptOutView } from "@/schemas/opt-outs";
import { lockOptOuts } from "./lock-opt-outs";
import { insertOptOutEvent } from "./opt-out-event";
import { toOptOutView } from "./to-view";

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
    await lockOptOuts(tx, organizationId);
    const { count } = await tx.contactOptOut.createMany({
      data: [{ organizationId, phone, source, optedOutAt: now }],
      skipDuplicates: true,
    });
    if (count === 1) {
      await insertOptOutEvent(tx, organizationId, "contact.opted_out", { phone, source, at: now.toISOString() });
    }
    const row = await tx.contactOptOut.findUniqueOrThrow({
      where: { organizationId_phone: { organizationId, phone } },
    });
    return toOptOutView(row);
  });
}
