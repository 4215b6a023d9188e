import { listAuditLog } from "../../audit/list-audit-log";
import { auditPageSchema, listAuditLogInput } from "@/schemas/audit-log";
import { can } from "@/schemas/roles";
import { roleProcedure, router } from "../init";

// The same function as GET /api/v1/developer/audit-log, on ctx.organizationId only.
export const auditLogRouter = router({
  list: roleProcedure("auditLog.read")
    .input(listAuditLogInput)
    .query(async ({ ctx, input: { direction: _direction, ...query } }) =>
      auditPageSchema.parse(
        await listAuditLog(ctx.db, ctx.organizationId, query, {
          clientDetails: can(ctx.role, "auditLog.readClientDetails"),
        }),
      ),
    ),
});
