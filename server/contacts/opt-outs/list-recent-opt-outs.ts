import type { DbOrTx } from "../../db/client";
import { OPT_OUT_PAGE_SIZE, recentOptOutSchema, type OptOutFilters, type RecentOptOutView } from "@/schemas/opt-outs";
import { decodeCursor, encodeCursor } from "../../pagination/cursor";

/**
 * The organization's opt-outs newest first, with the word a keyword opt-out replied (the
 * dashboard's list; the REST list keeps phone order). Paged on (opted_out_at, phone) by the index
 * of that order (migration 20261127051000), so a page is one range read.
 */
export async function listRecentOptOuts(
  db: DbOrTx,
  organizationId: string,
  input: Partial<OptOutFilters> = {},
): Promise<{ items: RecentOptOutView[]; nextCursor: string | null }> {
  const after = decodeCursor("contacts.opt-outs.recent", organizationId, input.cursor);
  const limit = Math.min(Math.max(input.limit ?? OPT_OUT_PAGE_SIZE, 1), 100);
  const [at, phone] = after ? splitPosition(after) : [null, null];
  const rows = await db.contactOptOut.findMany({
    where: {
      organizationId,
      ...(at && phone !== null ? { OR: [{ optedOutAt: { lt: at } }, { optedOutAt: at, phone: { lt: phone } }] } : {}),
    },
    orderBy: [{ optedOutAt: "desc" }, { phone: "desc" }],
    take: limit + 1,
  });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) =>
      recentOptOutSchema.parse({
        phone: r.phone,
        optedOutAt: r.optedOutAt.toISOString(),
        source: r.source,
        keyword: r.keyword,
      }),
    ),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor("contacts.opt-outs.recent", organizationId, `${last.optedOutAt.toISOString()} ${last.phone}`)
        : null,
  };
}

function splitPosition(position: string): [Date, string] {
  const space = position.indexOf(" ");
  return [new Date(position.slice(0, space)), position.slice(space + 1)];
}
