import { getRateLimitUsage } from "../../rate-limits/get-rate-limits";
import { updateRateLimits } from "../../rate-limits/update-rate-limits";
import { updateRateLimitsInput } from "@/schemas/rate-limits";
import { roleProcedure, router } from "../init";

// The same functions as GET/PATCH /api/v1/developer/rate-limits, so the page shows the numbers
// the limiter enforces. Both work on ctx.organizationId only, never an id from the input.
export const rateLimitsRouter = router({
  usage: roleProcedure("rateLimits.read").query(({ ctx }) => getRateLimitUsage(ctx.db, ctx.organizationId)),

  update: roleProcedure("rateLimits.manage")
    .input(updateRateLimitsInput)
    .mutation(({ ctx, input }) => updateRateLimits(ctx.db, ctx.organizationId, input, ctx.actor)),
});
