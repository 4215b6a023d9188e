import type { DbOrTx } from "../db/client";
import type { Prisma } from "../db/generated/client";
import type { AuditEntryView } from "@/schemas/audit-log";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { toAuditEntryView, type ActorLabels } from "./to-view";

export interface AuditLogFilters {
  /** A user id (`usr_…`) or an API key id (`key_…`). */
  actor?: string;
  action?: string;
  resourceType?: string;
  resourceId?: string;
  /** Inclusive. */
  from?: Date;
  /** Exclusive. */
  until?: Date;
  cursor?: string;
  limit: number;
}

export interface AuditPage {
  items: AuditEntryView[];
  nextCursor: string | null;
}

async function actorLabels(db: DbOrTx, rows: { actorUserId: string | null; actorApiKeyId: string | null }[]) {
  const userIds = [...new Set(rows.flatMap((r) => (r.actorUserId ? [r.actorUserId] : [])))];
  const keyIds = [...new Set(rows.flatMap((r) => (r.actorApiKeyId ? [r.actorApiKeyId] : [])))];
  const [users, keys] = await Promise.all([
    userIds.length ? db.user.findMany({ where: { id: { in: userIds } }, select: { id: true, email: true } }) : [],
    keyIds.length ? db.apiKey.findMany({ where: { id: { in: keyIds } }, select: { id: true, name: true } }) : [],
  ]);
  const labels: ActorLabels = new Map();
  for (const u of users) labels.set(u.id, u.email);
  for (const k of keys) labels.set(k.id, k.name);
  return labels;
}

/**
 * One organization's audit log, newest first, cursor-paged on the time-sortable id (index
 * audit_log (organization_id, id DESC)). Only this organization's rows are ever read, whatever
 * the filters say. `clientDetails: false` leaves out every entry's IP address and user agent.
 */
export async function listAuditLog(
  db: DbOrTx,
  organizationId: string,
  q: AuditLogFilters,
  { clientDetails }: { clientDetails: boolean },
): Promise<AuditPage> {
  const after = decodeCursor("audit.log", organizationId, q.cursor);
  const where: Prisma.AuditLogEntryWhereInput = {
    organizationId,
    ...(q.actor ? { OR: [{ actorUserId: q.actor }, { actorApiKeyId: q.actor }] } : {}),
    ...(q.action ? { action: q.action } : {}),
    ...(q.resourceType ? { resourceType: q.resourceType } : {}),
    ...(q.resourceId ? { resourceId: q.resourceId } : {}),
    ...(q.from || q.until
      ? { createdAt: { ...(q.from ? { gte: q.from } : {}), ...(q.until ? { lt: q.until } : {}) } }
      : {}),
    ...(after ? { id: { lt: after } } : {}),
  };
  const rows = await db.auditLogEntry.findMany({ where, orderBy: { id: "desc" }, take: q.limit + 1 });
  const page = rows.slice(0, q.limit);
  const labels = await actorLabels(db, page);
  return {
    items: page.map((row) => toAuditEntryView(row, labels, clientDetails)),
    nextCursor: rows.length > q.limit ? encodeCursor("audit.log", organizationId, page.at(-1)!.id) : null,
  };
}
