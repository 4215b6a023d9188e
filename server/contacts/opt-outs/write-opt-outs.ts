import type { DbOrTx } from "../../db/client";
import type { OptOutSource } from "@/schemas/opt-outs";
import { lockOptOuts } from "./lock-opt-outs";
import { insertOptOutEvent } from "./opt-out-event";

/**
 * Opts a number out inside the caller's transaction: the opt-out lock first (lock-opt-outs.ts),
 * then the row and, when it is new, `contact.opted_out`. An existing opt-out keeps its first time
 * and source and emits nothing. Answers whether the number was newly opted out.
 */
export async function writeOptOut(
  tx: DbOrTx,
  organizationId: string,
  phone: string,
  source: OptOutSource,
  now: Date,
  /** Source `keyword`: the word replied, shown in the dashboard. */
  keyword: string | null = null,
): Promise<boolean> {
  await lockOptOuts(tx, organizationId);
  const { count } = await tx.contactOptOut.createMany({
    data: [{ organizationId, phone, source, optedOutAt: now, keyword }],
    skipDuplicates: true,
  });
  if (count === 1) {
    await insertOptOutEvent(tx, organizationId, "contact.opted_out", { phone, source, at: now.toISOString() });
  }
  return count === 1;
}

/** Opts a number back in inside the caller's transaction; `contact.opted_in` when it was opted out. */
export async function deleteOptOut(
  tx: DbOrTx,
  organizationId: string,
  phone: string,
  source: OptOutSource,
  now: Date,
): Promise<boolean> {
  await lockOptOuts(tx, organizationId);
  const { count } = await tx.contactOptOut.deleteMany({ where: { organizationId, phone } });
  if (count > 0) {
    await insertOptOutEvent(tx, organizationId, "contact.opted_in", { phone, source, at: now.toISOString() });
  }
  return count > 0;
}
