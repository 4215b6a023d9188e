import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { listAuditLog } from "@/server/audit/list-audit-log";
import { auditLogQuery } from "@/schemas/audit-log";

// Newest first, an array of entries, the next page's cursor in X-Next-Cursor (like the delivery log).
export const GET = apiRoute({ auth: "jwt", allow: "auditLog.read", query: auditLogQuery }, async ({ auth, query }) => {
  const page = await listAuditLog(getDb(), auth.organizationId, query);
  return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
});
