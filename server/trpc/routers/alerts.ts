import { z } from "zod";
import { createAlert, deleteAlert, getAlert, listAlerts, updateAlert } from "../../alerts/manage";
import { createAlertInput, updateAlertInput } from "@/schemas/alerts";
import { roleProcedure, router } from "../init";

// The same domain functions as the REST routes (app/api/v1/developer/alerts).
const id = z.string().trim().min(1, "An alert id is required.");

export const alertsRouter = router({
  list: roleProcedure("alerts.manage").query(({ ctx }) => listAlerts(ctx.db, ctx.organizationId)),
  byId: roleProcedure("alerts.manage")
    .input(z.strictObject({ id }))
    .query(({ ctx, input }) => getAlert(ctx.db, ctx.organizationId, input.id)),
  create: roleProcedure("alerts.manage")
    .input(createAlertInput)
    .mutation(({ ctx, input }) => createAlert(ctx.db, ctx.organizationId, input)),
  update: roleProcedure("alerts.manage")
    .input(z.strictObject({ id, patch: updateAlertInput }))
    .mutation(({ ctx, input }) => updateAlert(ctx.db, ctx.organizationId, input.id, input.patch)),
  delete: roleProcedure("alerts.manage")
    .input(z.strictObject({ id }))
    .mutation(({ ctx, input }) => deleteAlert(ctx.db, ctx.organizationId, input.id)),
});
