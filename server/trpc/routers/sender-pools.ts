import { z } from "zod";
import {
  createSenderPool,
  deleteSenderPool,
  getSenderPool,
  listSenderPools,
  updateSenderPool,
} from "../../sender-pools/manage";
import { createSenderPoolInput, updateSenderPoolInput } from "@/schemas/sender-pools";
import { roleProcedure, router } from "../init";

// The same domain functions as the REST routes (app/api/v1/developer/sender-pools).
const id = z.string().trim().min(1, "A sender pool id is required.");

export const senderPoolsRouter = router({
  list: roleProcedure("senderPools.read").query(({ ctx }) => listSenderPools(ctx.db, ctx.organizationId)),
  byId: roleProcedure("senderPools.read")
    .input(z.strictObject({ id }))
    .query(({ ctx, input }) => getSenderPool(ctx.db, ctx.organizationId, input.id)),
  create: roleProcedure("senderPools.manage")
    .input(createSenderPoolInput)
    .mutation(({ ctx, input }) => createSenderPool(ctx.db, ctx.organizationId, input, ctx.actor)),
  update: roleProcedure("senderPools.manage")
    .input(z.strictObject({ id, patch: updateSenderPoolInput }))
    .mutation(({ ctx, input }) => updateSenderPool(ctx.db, ctx.organizationId, input.id, input.patch, ctx.actor)),
  delete: roleProcedure("senderPools.manage")
    .input(z.strictObject({ id }))
    .mutation(async ({ ctx, input }) => {
      await deleteSenderPool(ctx.db, ctx.organizationId, input.id, ctx.actor);
    }),
});
