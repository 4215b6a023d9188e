import QRCode from "qrcode";
import {
  confirmTotpEnrollment,
  disableTotp,
  regenerateRecoveryCodes,
  startTotpEnrollment,
  twoFactorStatus,
} from "../../two-factor/enrollment";
import { getSecuritySettings, setRequireMfa } from "../../two-factor/require-mfa";
import { can } from "@/schemas/roles";
import { mfaCodeInput, securitySettingsUpdateInput } from "@/schemas/two-factor";
import { orgProcedure, protectedProcedure, router } from "../init";

// The signed-in user's two-factor sign-in, the same functions as /api/v1/auth/mfa/*. Enrolling
// (status, start, confirm) stays open to a member an organization forces to enrol.
export const twoFactorRouter = router({
  status: orgProcedure
    .meta({ allowUnenrolled: true })
    .query(({ ctx }) => twoFactorStatus(ctx.db, ctx.userId, ctx.organizationId)),

  /** A new secret with its QR code (a data: URL rendered on the server: the secret goes to no third party). */
  start: protectedProcedure.meta({ allowUnenrolled: true }).mutation(async ({ ctx }) => {
    const enrollment = await startTotpEnrollment(ctx.db, ctx.userId);
    const qrDataUrl = await QRCode.toDataURL(enrollment.otpauthUrl, { margin: 1, width: 200 });
    return { ...enrollment, qrDataUrl };
  }),

  confirm: protectedProcedure
    .meta({ allowUnenrolled: true })
    .input(mfaCodeInput)
    .mutation(({ ctx, input }) => confirmTotpEnrollment(ctx.db, ctx.userId, input.code, ctx.actor)),

  disable: protectedProcedure
    .input(mfaCodeInput)
    .mutation(({ ctx, input }) => disableTotp(ctx.db, ctx.userId, input.code, ctx.actor)),

  regenerate: protectedProcedure
    .input(mfaCodeInput)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.db, ctx.userId, input.code, ctx.actor)),

  requirement: orgProcedure.meta({ allowUnenrolled: true }).query(async ({ ctx }) => ({
    ...(await getSecuritySettings(ctx.db, ctx.organizationId)),
    canChange: can(ctx.role, "security.manage"),
  })),

  // Open to every member like the query: setRequireMfa refuses a role without security.manage.
  setRequirement: orgProcedure
    .input(securitySettingsUpdateInput)
    .mutation(({ ctx, input }) =>
      setRequireMfa(ctx.db, ctx.organizationId, { userId: ctx.userId, role: ctx.role }, input.requireMfa, ctx.actor),
    ),
});
