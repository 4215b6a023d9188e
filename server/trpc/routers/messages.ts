import { z } from "zod";
import { getMessageOrThrow } from "../../messages/get-message-or-throw";
import { listMessages } from "../../messages/list-messages";
import { sendSms } from "../../messages/send-sms";
import { toMessageDetail } from "../../messages/to-message-views";
import { listMessagesInput, messagePageSchema } from "@/schemas/message-views";
import { messageIdParam, sendSmsInput } from "@/schemas/messages";
import { can } from "@/schemas/roles";
import { roleProcedure, router } from "../init";

// The same domain functions as the REST routes. Every procedure works on ctx.organizationId only:
// another organization's message id answers NOT_FOUND, exactly like a missing one.
export const messagesRouter = router({
  list: roleProcedure("messages.read")
    .input(listMessagesInput)
    .query(async ({ ctx, input }) => messagePageSchema.parse(await listMessages(ctx.db, ctx.organizationId, input))),

  byId: roleProcedure("messages.read")
    .input(z.strictObject({ id: messageIdParam }))
    .query(async ({ ctx, input }) =>
      toMessageDetail(await getMessageOrThrow(ctx.db, ctx.organizationId, input.id), {
        canReadLiveBody: can(ctx.role, "messages.readLiveBody"),
      }),
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
});
