import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { OptOutSource } from "@/schemas/opt-outs";
import { lockOptOuts } from "./lock-opt-outs";
import { insertOptOutEvent } from "./opt-out-event";

/** Opts the number back in: the opt-out goes and `contact.opted_in` is emitted, in one transaction. */
export async function removeOptOut(
  db: Db,
  organizationId: string,
  phone: string,
  source: OptOutSource,
  now = new Date(),
): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockOptOuts(tx, organizationId);
    const { count } = await tx.contactOptOut.deleteMany({ where: { organizationId, phone } });
    if (count === 0) throw new AppError("not_found", `${phone} is not opted out.`);
    await insertOptOutEvent(tx, organizationId, "contact.opted_in", { phone, source, at: now.toISOString() });
  });
}
