import { AppError } from "../../errors";
import { changePassword } from "../../accounts/change-password";
import { updateProfile } from "../../accounts/me";
import { listSessions, revokeSessionById } from "../../accounts/sessions";
import { resendVerification } from "../../accounts/verification";
import { emailDelivery } from "../../email/delivery-mode";
import { getEnv } from "../../env";
import { changePasswordInput, sessionIdInput, updateProfileInput } from "@/schemas/accounts";
import { protectedProcedure, router } from "../init";

// The Account page (contract §14): the signed-in person, whatever organization is active. The
// dashboard session's id (ctx.session.sessionId) is "current" in the list and survives a password change.
export const accountRouter = router({
  profile: protectedProcedure.meta({ allowUnenrolled: true }).query(async ({ ctx }) => {
    const user = await ctx.db.user.findUnique({
      where: { id: ctx.userId },
      select: { id: true, email: true, name: true, emailVerified: true, createdAt: true },
    });
    if (!user) throw new AppError("unauthenticated", "Your account no longer exists. Sign in again.");
    return user;
  }),

  /**
   * Whether this server sends email and requires verified addresses, so the dashboard never says
   * "we sent a link" when nothing was sent (issue 39). `emailVerified` for the banner, which
   * refetches it when the window regains focus (verified in another tab).
   */
  emailSetup: protectedProcedure.query(async ({ ctx }) => {
    const user = await ctx.db.user.findUnique({ where: { id: ctx.userId }, select: { emailVerified: true } });
    return {
      delivery: emailDelivery(),
      verificationRequired: getEnv().REQUIRE_EMAIL_VERIFICATION,
      emailVerified: user?.emailVerified ?? null,
    };
  }),

  updateProfile: protectedProcedure
    .input(updateProfileInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.db, ctx.userId, input, ctx.origin)),

  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) =>
      changePassword(ctx.db, ctx.userId, input, { dashboardSessionId: ctx.session?.sessionId ?? null }, ctx.origin),
    ),

  resendVerification: protectedProcedure.mutation(async ({ ctx }) => {
    await resendVerification(ctx.db, ctx.userId, ctx.origin);
    return { queued: true };
  }),

  sessions: protectedProcedure
    .meta({ allowUnenrolled: true })
    .query(({ ctx }) => listSessions(ctx.db, ctx.userId, { dashboardSessionId: ctx.session?.sessionId ?? null })),

  revokeSession: protectedProcedure
    .meta({ allowUnenrolled: true })
    .input(sessionIdInput)
    .mutation(async ({ ctx, input }) => {
      await revokeSessionById(ctx.db, ctx.userId, input.sessionId, ctx.actor);
      return { revoked: true };
    }),
});
