import type { DbOrTx } from "../../db/client";
import { OPT_OUT_PAGE_SIZE, type OptOutFilters, type OptOutView } from "@/schemas/opt-outs";
import { decodeCursor, encodeCursor } from "../../pagination/cursor";
import { toOptOutView } from "./to-view";

/**
 * The organization's opt-outs in phone order: the primary key (organization_id, phone) is the
 * index, so a page is one range read however many numbers opted out.
 */
export async function listOptOuts(
  db: DbOrTx,
  organizationId: string,
  input: Partial<OptOutFilters> = {},
): Promise<{ items: OptOutView[]; nextCursor: string | null }> {
  const after = decodeCursor("contacts.opt-outs", organizationId, input.cursor);
  const limit = Math.min(Math.max(input.limit ?? OPT_OUT_PAGE_SIZE, 1), 100);
  const rows = await db.contactOptOut.findMany({
    where: { organizationId, ...(after ? { phone: { gt: after } } : {}) },
    orderBy: { phone: "asc" },
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  return {
    items: page.map(toOptOutView),
    nextCursor: rows.length > limit ? encodeCursor("contacts.opt-outs", organizationId, page.at(-1)!.phone) : null,
  };
}
