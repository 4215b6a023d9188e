import type { DbOrTx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import { messageHistoryItem, type MessageHistoryItem, type MessageHistoryQuery } from "@/schemas/message-history";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { idRange } from "../pagination/id-range";
import { toMessageStatusView } from "./to-status-view";
import { batchMessageRange, legacyBatchMessageRange, type IdBounds } from "./batch-ids";

const NO_IDS: IdBounds = { gte: "", lt: "" };

export interface MessageHistoryPage {
  items: MessageHistoryItem[];
  nextCursor: string | null;
}

/**
 * contract §9 `GET /api/v1/sms`: an organization's messages in one environment (the key's), newest
 * first. Each filter is served by an index that also orders by id, so a page costs the same at
 * ten thousand messages as at millions: (organization_id, id) for the list and its creation-time
 * range (as an id range), (organization_id, to_number, id) for a recipient, the key's id range
 * for a batch. Status and sender are filtered along the id order (FAILED, the rarest status, is a few
 * percent: a page reads a few thousand index entries at most).
 */
export async function listMessageHistory(
  db: DbOrTx,
  organizationId: string,
  environment: "live" | "test",
  q: MessageHistoryQuery,
): Promise<MessageHistoryPage> {
  const before = decodeCursor("sms.history", organizationId, q.cursor);
  const ids = idRange("msg", { from: q.createdAfter, until: q.createdBefore, before });
  const where: Prisma.MessageWhereInput = {
    organizationId,
    environment,
    ...(q.status ? { status: q.status } : {}),
    ...(q.to ? { to: q.to } : {}),
    ...(q.from ? { from: q.from } : {}),
    ...(q.batchId ? { batchId: q.batchId } : {}),
    // Inbound: the partial index of inbound rows (migration 20261125031000) serves the page.
    ...(q.direction ? { direction: q.direction } : {}),
    ...(ids ? { id: ids } : {}),
  };
  const find = (batchIds: IdBounds | null) =>
    db.message.findMany({
      where: batchIds ? { ...where, AND: [{ id: batchIds }] } : where,
      orderBy: { id: "desc" },
      take: q.limit + 1,
    });
  // A batch: the id range its id names, through the key (batch-ids.ts); a batch from before that
  // scheme, the minute before its id.
  let rows = q.batchId ? await find(batchMessageRange(q.batchId) ?? NO_IDS) : await find(null);
  if (q.batchId && rows.length === 0) rows = await find(legacyBatchMessageRange(q.batchId) ?? NO_IDS);
  const page = rows.slice(0, q.limit);
  return {
    items: page.map((m) =>
      messageHistoryItem.parse({ ...toMessageStatusView(m), direction: m.direction, batchId: m.batchId }),
    ),
    nextCursor: rows.length > q.limit ? encodeCursor("sms.history", organizationId, page.at(-1)!.id) : null,
  };
}
