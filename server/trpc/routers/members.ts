import { addMember } from "../../orgs/add-member";
import { removeMember, updateMemberRole } from "../../orgs/change-member";
import { listMembers } from "../../orgs/list-members";
import { addMemberInput } from "@/schemas/auth";
import { memberIdInput, updateMemberRoleInput } from "@/schemas/organizations";
import { roleProcedure, router } from "../init";

// Every procedure works on ctx.organizationId only (never an organization id from the input), so
// one organization's members can never be read or changed from another.
export const membersRouter = router({
  list: roleProcedure("members.read").query(async ({ ctx }) => {
    const members = await listMembers(ctx.db, ctx.organizationId);
    return members.map((m) => ({ ...m, isYou: m.userId === ctx.userId }));
  }),

  add: roleProcedure("members.manage")
    .input(addMemberInput)
    .mutation(({ ctx, input }) => addMember(ctx.db, ctx.organizationId, input, ctx.role, ctx.actor)),

  updateRole: roleProcedure("members.manage")
    .input(updateMemberRoleInput)
    .mutation(({ ctx, input }) => updateMemberRole(ctx.db, ctx.organizationId, input, ctx.role, ctx.actor)),

  remove: roleProcedure("members.manage")
    .input(memberIdInput)
    .mutation(({ ctx, input }) => removeMember(ctx.db, ctx.organizationId, input, ctx.role, ctx.actor)),
});
