import { removeMember, updateMemberRole } from "../../orgs/change-member";
import { listMembers } from "../../orgs/list-members";
import { createInvitationInput, invitationIdInput } from "@/schemas/accounts";
import { createInvitation } from "../../invitations/create-invitation";
import {
  copyInvitationLink,
  listInvitations,
  resendInvitation,
  revokeInvitation,
} from "../../invitations/manage-invitations";
import { memberIdInput, updateMemberRoleInput } from "@/schemas/organizations";
import { roleProcedure, router } from "../init";

// Every procedure works on ctx.organizationId only (never an organization id from the input), so
// one organization's members can never be read or changed from another.
export const membersRouter = router({
  list: roleProcedure("members.read").query(async ({ ctx }) => {
    const members = await listMembers(ctx.db, ctx.organizationId);
    return members.map((m) => ({ ...m, isYou: m.userId === ctx.userId }));
  }),

  // People join by invitation only (contract §14): nobody picks a password for someone else.
  invitations: roleProcedure("members.manage").query(({ ctx }) => listInvitations(ctx.db, ctx.organizationId)),

  /** The invitation and its link: the dialog offers to copy it (or says it is the only way, without email). */
  invite: roleProcedure("members.manage")
    .input(createInvitationInput)
    .mutation(async ({ ctx, input }) => {
      const { invitation, url } = await createInvitation(ctx.db, ctx.organizationId, input, ctx.role, ctx.actor);
      return { ...invitation, url };
    }),

  /** A new link to send by hand (the emailed one stops working); no email. */
  copyInvitationLink: roleProcedure("members.manage")
    .input(invitationIdInput)
    .mutation(({ ctx, input }) =>
      copyInvitationLink(ctx.db, ctx.organizationId, input.invitationId, ctx.role, ctx.actor),
    ),

  resendInvitation: roleProcedure("members.manage")
    .input(invitationIdInput)
    .mutation(({ ctx, input }) =>
      resendInvitation(ctx.db, ctx.organizationId, input.invitationId, ctx.role, ctx.actor),
    ),

  revokeInvitation: roleProcedure("members.manage")
    .input(invitationIdInput)
    .mutation(async ({ ctx, input }) => {
      await revokeInvitation(ctx.db, ctx.organizationId, input.invitationId, ctx.role, ctx.actor);
      return { revoked: true };
    }),

  updateRole: roleProcedure("members.manage")
    .input(updateMemberRoleInput)
    .mutation(({ ctx, input }) => updateMemberRole(ctx.db, ctx.organizationId, input, ctx.role, ctx.actor)),

  remove: roleProcedure("members.manage")
    .input(memberIdInput)
    .mutation(({ ctx, input }) => removeMember(ctx.db, ctx.organizationId, input, ctx.role, ctx.actor)),
});
