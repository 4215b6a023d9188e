import { z } from "zod";
import { getBilling } from "../../billing/get-billing";
import { updateBilling } from "../../billing/update-billing";
import { listSmsPrices } from "../../billing/list-prices";
import { quoteSms } from "../../billing/quote";
import { getUsage } from "../../billing/get-usage";
import { getStatementOrThrow, listStatements, statementCsv } from "../../billing/statements";
import { updateBillingInput } from "@/schemas/billing";
import { smsQuoteInput } from "@/schemas/pricing";
import { usageQuery, periodSchema } from "@/schemas/usage";
import { roleProcedure, router } from "../init";

// The same functions as /api/v1/developer/billing, /usage, /billing/statements and /pricing: owner
// and admin change settings, developers read, support has no billing (contract §8).
export const billingRouter = router({
  get: roleProcedure("billing.read").query(({ ctx }) => getBilling(ctx.db, ctx.organizationId)),

  update: roleProcedure("billing.manage")
    .input(updateBillingInput)
    .mutation(({ ctx, input }) => updateBilling(ctx.db, ctx.organizationId, input, ctx.actor)),

  prices: roleProcedure("billing.read").query(() => listSmsPrices()),

  quote: roleProcedure("billing.read")
    .input(smsQuoteInput)
    .query(({ input }) => quoteSms(input)),

  usage: roleProcedure("billing.read")
    .input(usageQuery)
    .query(({ ctx, input }) => getUsage(ctx.db, ctx.organizationId, input)),

  statements: roleProcedure("billing.read").query(({ ctx }) => listStatements(ctx.db, ctx.organizationId)),

  statement: roleProcedure("billing.read")
    .input(z.strictObject({ period: periodSchema }))
    .query(({ ctx, input }) => getStatementOrThrow(ctx.db, ctx.organizationId, input.period)),

  statementCsv: roleProcedure("billing.read")
    .input(z.strictObject({ period: periodSchema }))
    .query(async ({ ctx, input }) => statementCsv(await getStatementOrThrow(ctx.db, ctx.organizationId, input.period))),
});
