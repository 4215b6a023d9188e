import { z } from "zod";
import { getMessageOrThrow } from "../../messages/get-message-or-throw";
import { listMessages } from "../../messages/list-messages";
import { sendSms } from "../../messages/send-sms";
import { toMessageDetail } from "../../messages/to-message-views";
import { listMessagesInput, messagePageSchema } from "@/schemas/message-views";
import { messageIdParam, sendSmsInput } from "@/schemas/messages";
import { bodyAccessFor } from "../../messages/body-access";
import { roleProcedure, router } from "../init";
import { getBatchSummaryOrThrow } from "../../messages/get-batch-summary-or-throw";
import { cancelScheduledBatchOrThrow, cancelScheduledMessageOrThrow } from "../../scheduling/cancel-scheduled";
import { batchSummaryResponse } from "@/schemas/message-history";

// The same domain functions as the REST routes. Every procedure works on ctx.organizationId only:
// another organization's message id answers NOT_FOUND, exactly like a missing one.
export const messagesRouter = router({
  list: roleProcedure("messages.read")
    .input(listMessagesInput)
    .query(async ({ ctx, input }) =>
      messagePageSchema.parse(
        await listMessages(ctx.db, ctx.organizationId, {
          ...input,
          ...bodyAccessFor(ctx.role),
        }),
      ),
    ),

  byId: roleProcedure("messages.read")
    .input(z.strictObject({ id: messageIdParam }))
    .query(async ({ ctx, input }) =>
      toMessageDetail(await getMessageOrThrow(ctx.db, ctx.organizationId, input.id), bodyAccessFor(ctx.role)),
    ),

  /**
   * Always the sandbox, whatever the caller asks: the dashboard is for trying things out, and a
   * live send costs money and reaches a real phone (that is what a live API key is for).
   */
  sendTest: roleProcedure("messages.sendTest")
    .input(sendSmsInput)
    .mutation(({ ctx, input }) =>
      sendSms(ctx.db, { organizationId: ctx.organizationId, environment: "test", apiKeyId: null }, input),
    ),

  /** A bulk batch's counts by status (contract §9), in the environment of its messages. */
  batch: roleProcedure("messages.read")
    .input(z.strictObject({ batchId: z.string().min(1).max(64), environment: z.enum(["live", "test"]) }))
    .query(async ({ ctx, input }) =>
      batchSummaryResponse.parse(
        await getBatchSummaryOrThrow(ctx.db, ctx.organizationId, input.environment, input.batchId),
      ),
    ),

  /**
   * Cancel a SCHEDULED message or what is still scheduled of a batch (contract §11), live or
   * sandbox: the roles that may send from the dashboard may cancel; support only reads.
   */
  cancel: roleProcedure("messages.sendTest")
    .input(z.strictObject({ id: messageIdParam }))
    .mutation(({ ctx, input }) => cancelScheduledMessageOrThrow(ctx.db, ctx.organizationId, input.id)),

  cancelBatch: roleProcedure("messages.sendTest")
    .input(z.strictObject({ batchId: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) => cancelScheduledBatchOrThrow(ctx.db, ctx.organizationId, input.batchId)),
});
