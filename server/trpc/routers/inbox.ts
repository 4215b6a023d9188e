import { getConversation, listConversations } from "../../inbound/conversations";
import { getInboundSettings, updateInboundSettings } from "../../inbound/settings";
import { updateInboundSettingsInput } from "@/schemas/inbound";
import { conversationInput, listConversationsInput } from "@/schemas/inbox";
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

  settings: roleProcedure("inbound.read").query(({ ctx }) => getInboundSettings(ctx.db, ctx.organizationId)),

  updateSettings: roleProcedure("inbound.manage")
    .input(updateInboundSettingsInput)
    .mutation(({ ctx, input }) => updateInboundSettings(ctx.db, ctx.organizationId, input, ctx.actor)),
});
