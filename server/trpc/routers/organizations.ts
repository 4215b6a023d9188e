import { createOrganization } from "../../orgs/create-organization";
import { listMyOrganizations } from "../../orgs/list-my-organizations";
import { getMembershipOrThrow } from "../../orgs/memberships";
import { createOrganizationInput, switchOrganizationInput } from "@/schemas/organizations";
import { activeOrgCookieHeader } from "../active-org-cookie";
import { orgProcedure, protectedProcedure, router } from "../init";

export const organizationsRouter = router({
  /** Every organization of the signed-in user, with their role in it (the switcher). */
  list: protectedProcedure.meta({ allowUnenrolled: true }).query(({ ctx }) => listMyOrganizations(ctx.db, ctx.userId)),

  /** The organization this request acts on and the caller's role in it. */
  active: orgProcedure.meta({ allowUnenrolled: true }).query(({ ctx }) => ({
    id: ctx.organizationId,
    name: ctx.organizationName,
    role: ctx.role,
  })),

  /** Makes another organization active (membership checked first; non-members get NOT_FOUND). */
  switch: protectedProcedure
    .meta({ allowUnenrolled: true })
    .input(switchOrganizationInput)
    .mutation(async ({ ctx, input }) => {
      const membership = await getMembershipOrThrow(ctx.db, ctx.userId, input.organizationId);
      ctx.resHeaders.append("set-cookie", activeOrgCookieHeader(membership.organizationId, ctx.secureCookies));
      return { id: membership.organizationId, name: membership.organizationName, role: membership.role };
    }),

  /** Creates an organization owned by the caller and makes it active. */
  create: protectedProcedure.input(createOrganizationInput).mutation(async ({ ctx, input }) => {
    const organization = await createOrganization(ctx.db, ctx.userId, input.name);
    ctx.resHeaders.append("set-cookie", activeOrgCookieHeader(organization.id, ctx.secureCookies));
    return { id: organization.id, name: organization.name, role: "owner" as const };
  }),
});
