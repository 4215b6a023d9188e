import type { DbOrTx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ListMessagesFilters, type MessagePage } from "@/schemas/message-views";
import { MESSAGE_LIST_SELECT, toMessageListItem } from "./to-message-views";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { idRange } from "../pagination/id-range";

export type ListMessagesOptions = Partial<ListMessagesFilters>;

/**
 * One organization's messages, newest first, a page at a time. Ids start with their creation time,
 * so `id < cursor` continues exactly where the last page ended, even while new messages arrive
 * (they sort before the first page, never into a later one). The cursor is opaque and signed for
 * this list and organization (server/pagination/cursor.ts): any other answers 400.
 */
export async function listMessages(
  db: DbOrTx,
  organizationId: string,
  options: ListMessagesOptions = {},
): Promise<MessagePage> {
  const { status, environment, to, from, until } = options;
  const cursor = decodeCursor("messages", organizationId, options.cursor);
  const limit = Math.min(Math.max(options.limit ?? DEFAULT_PAGE_SIZE, 1), MAX_PAGE_SIZE);
  const ids = idRange("msg", { from, until, before: cursor });
  const where: Prisma.MessageWhereInput = {
    organizationId,
    ...(status ? { status } : {}),
    ...(environment ? { environment } : {}),
    // A whole number is its own prefix; the filter schema lets only + and digits through.
    ...(to ? { to: { startsWith: to } } : {}),
    // Dates as an id range: the (organization_id, id) index serves them (id-range.ts).
    ...(ids ? { id: ids } : {}),
  };
  // One extra row says whether another page exists without a count query.
  const rows = await db.message.findMany({
    where,
    orderBy: { id: "desc" },
    take: limit + 1,
    select: MESSAGE_LIST_SELECT,
  });
  const page = rows.slice(0, limit);
  return {
    items: page.map(toMessageListItem),
    nextCursor: rows.length > limit ? encodeCursor("messages", organizationId, page.at(-1)!.id) : null,
  };
}
