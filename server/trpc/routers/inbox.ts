import { getConversation, listConversations } from "../../inbound/conversations";
import { getInboundSettings, updateInboundSettings } from "../../inbound/settings";
import { updateInboundSettingsInput } from "@/schemas/inbound";
import { conversationInput, listConversationsInput, replyInput } from "@/schemas/inbox";
import { simulateInboundInput } from "@/schemas/inbound";
import { replyInThread } from "../../inbound/reply";
import { simulateInbound } from "../../inbound/simulate-inbound";
import { bodyAccessFor } from "../../messages/body-access";
import { orgProcedure, roleProcedure, router } from "../init";

// The Inbox (inbound messages: everyone reads, contract §3) and the keyword settings, the same
// functions as /api/v1/developer/inbound-settings.
export const inboxRouter = router({
  conversations: orgProcedure
    .input(listConversationsInput)
    .query(({ ctx, input }) => listConversations(ctx.db, ctx.organizationId, input)),

  conversation: orgProcedure
    .input(conversationInput)
    .query(({ ctx, input }) => getConversation(ctx.db, ctx.organizationId, input.phone, bodyAccessFor(ctx.role))),

  /** A sandbox reply from the thread (roles that send test SMS from the dashboard). */
  reply: roleProcedure("messages.sendTest")
    .input(replyInput)
    .mutation(({ ctx, input }) => replyInThread(ctx.db, ctx.organizationId, input)),

  /** "Simulate an inbound message": what POST /api/v1/sms/inbound does with a sandbox key. */
  simulate: roleProcedure("messages.sendTest")
    .input(simulateInboundInput)
    .mutation(({ ctx, input }) =>
      simulateInbound(ctx.db, { organizationId: ctx.organizationId, environment: "test" }, input),
    ),

  settings: roleProcedure("inbound.read").query(({ ctx }) => getInboundSettings(ctx.db, ctx.organizationId)),

  updateSettings: roleProcedure("inbound.manage")
    .input(updateInboundSettingsInput)
    .mutation(({ ctx, input }) => updateInboundSettings(ctx.db, ctx.organizationId, input, ctx.actor)),
});
