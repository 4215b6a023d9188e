import { getDb } from "@/server/db/client";
import { apiRoute, jsonResponse } from "@/server/http/api-route";
import { listAuditLog } from "@/server/audit/list-audit-log";
import { auditLogQuery } from "@/schemas/audit-log";
import { can } from "@/schemas/roles";

// Newest first, an array of entries, the next page's cursor in X-Next-Cursor (like the delivery log).
export const GET = apiRoute({ auth: "jwt", allow: "auditLog.read", query: auditLogQuery }, async ({ auth, query }) => {
  const page = await listAuditLog(getDb(), auth.organizationId, query, {
    clientDetails: can(auth.role, "auditLog.readClientDetails"),
  });
  return jsonResponse(page.items, { headers: page.nextCursor ? { "x-next-cursor": page.nextCursor } : {} });
});
