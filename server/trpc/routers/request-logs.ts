import { z } from "zod";
import { getRequestLog, listRequestLogs } from "../../request-logs/list";
import { requestLogsQuery } from "@/schemas/request-logs";
import { roleProcedure, router } from "../init";

// The same domain functions as the REST routes (app/api/v1/developer/request-logs).
export const requestLogsRouter = router({
  list: roleProcedure("requestLogs.read")
    .input(requestLogsQuery)
    .query(({ ctx, input }) => listRequestLogs(ctx.db, ctx.organizationId, input)),
  byId: roleProcedure("requestLogs.read")
    .input(z.strictObject({ id: z.string().trim().min(1) }))
    .query(({ ctx, input }) => getRequestLog(ctx.db, ctx.organizationId, input.id)),
});
