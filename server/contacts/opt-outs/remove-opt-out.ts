import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import type { OptOutSource } from "@/schemas/opt-outs";
import { deleteOptOut } from "./write-opt-outs";

/** Opts the number back in: the opt-out goes and `contact.opted_in` is emitted, in one transaction. */
export async function removeOptOut(
  db: Db,
  organizationId: string,
  phone: string,
  source: OptOutSource,
  now = new Date(),
): Promise<void> {
  await db.$transaction(async (tx) => {
    if (!(await deleteOptOut(tx, organizationId, phone, source, now))) {
      throw new AppError("not_found", `${phone} is not opted out.`);
    }
  });
}
