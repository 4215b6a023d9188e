import type { DbOrTx } from "../db/client";
import type { Prisma, RequestLog } from "../db/generated/client";
import { AppError } from "../errors";
import { smallestIdAt } from "../ids";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import type { RequestLogsQuery, RequestLogView } from "@/schemas/request-logs";

export function toRequestLogView(r: RequestLog): RequestLogView {
  return {
    id: r.id,
    clientRequestId: r.clientRequestId,
    method: r.method,
    path: r.path,
    route: r.route,
    status: r.status,
    durationMs: r.durationMs,
    environment: r.environment,
    apiKeyId: r.apiKeyId,
    userId: r.userId,
    ip: r.ip,
    userAgent: r.userAgent,
    errorCode: r.errorCode,
    requestBody: r.requestBody,
    responseBody: r.responseBody,
    createdAt: r.createdAt.toISOString(),
  };
}

function statusFilter(status: string | undefined): Prisma.IntFilter | number | undefined {
  if (!status) return undefined;
  if (!status.endsWith("xx")) return Number(status);
  const base = Number(status[0]) * 100;
  return { gte: base, lt: base + 100 };
}

/**
 * One organization's request log, newest first, cursor-paged on the id (the primary key
 * (organization_id, id) read backwards; ids begin with their time, so from/to are id bounds too).
 */
export async function listRequestLogs(
  db: DbOrTx,
  organizationId: string,
  q: RequestLogsQuery,
): Promise<{ items: RequestLogView[]; nextCursor: string | null }> {
  const after = decodeCursor("request.logs", organizationId, q.cursor);
  const bounds = [after, q.to ? smallestIdAt("req", q.to) : null].filter((b): b is string => b !== null);
  const upper = bounds.length > 0 ? bounds.sort()[0] : undefined;
  const idRange: Prisma.StringFilter = {
    ...(q.from ? { gte: smallestIdAt("req", q.from) } : {}),
    ...(upper ? { lt: upper } : {}),
  };
  const rows = await db.requestLog.findMany({
    where: {
      organizationId,
      ...(Object.keys(idRange).length > 0 ? { id: idRange } : {}),
      ...(q.status ? { status: statusFilter(q.status) } : {}),
      ...(q.method ? { method: q.method } : {}),
      ...(q.path ? { path: { startsWith: q.path } } : {}),
      ...(q.apiKeyId ? { apiKeyId: q.apiKeyId } : {}),
      ...(q.errorCode ? { errorCode: q.errorCode } : {}),
    },
    orderBy: { id: "desc" },
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(toRequestLogView),
    nextCursor: rows.length > q.limit ? encodeCursor("request.logs", organizationId, page.at(-1)!.id) : null,
  };
}

export async function getRequestLog(db: DbOrTx, organizationId: string, id: string): Promise<RequestLogView> {
  const row = await db.requestLog.findUnique({ where: { organizationId_id: { organizationId, id } } });
  if (!row) throw new AppError("not_found", "No request log entry with that id.");
  return toRequestLogView(row);
}
