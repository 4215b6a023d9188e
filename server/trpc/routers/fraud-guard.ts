import { z } from "zod";
import { listBlockedAttempts, listFraudBlocks, unblockPrefix } from "../../fraud/blocks";
import { getFraudGuardSettings, updateFraudGuardSettings } from "../../fraud/settings";
import { fraudBlockListQuery, fraudGuardUpdateInput } from "@/schemas/fraud-guard";
import { roleProcedure, router } from "../init";

// The same functions as /api/v1/developer/fraud-guard, on ctx.organizationId only.
export const fraudGuardRouter = router({
  settings: roleProcedure("fraudGuard.read").query(({ ctx }) => getFraudGuardSettings(ctx.db, ctx.organizationId)),

  update: roleProcedure("fraudGuard.manage")
    .input(fraudGuardUpdateInput)
    .mutation(({ ctx, input }) => updateFraudGuardSettings(ctx.db, ctx.organizationId, input, ctx.actor)),

  blocks: roleProcedure("fraudGuard.read")
    .input(fraudBlockListQuery)
    .query(({ ctx, input }) => listFraudBlocks(ctx.db, ctx.organizationId, input)),

  unblock: roleProcedure("fraudGuard.manage")
    .input(z.strictObject({ prefix: z.string() }))
    .mutation(({ ctx, input }) => unblockPrefix(ctx.db, ctx.organizationId, input.prefix, ctx.actor)),

  /** OTP sends refused by the guard, for the OTP page (read like OTP activity). */
  blockedAttempts: roleProcedure("messages.read").query(({ ctx }) =>
    listBlockedAttempts(ctx.db, ctx.organizationId, { limit: 20 }),
  ),
});
