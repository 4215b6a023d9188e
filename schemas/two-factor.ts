import { z } from "zod";

// Two-factor sign-in (contract §12). Client-safe: REST, tRPC, forms and the OpenAPI document.

/** A current code: 6 digits from the authenticator app, or (to disable or regenerate) a recovery code. */
export const mfaCodeInput = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(6, "Enter the 6-digit code from your authenticator app.")
      .max(32)
      .meta({ description: "The 6-digit code from the authenticator app (or a recovery code).", example: "492039" }),
  })
  .meta({ id: "MfaCode" });
export type MfaCodeInput = z.infer<typeof mfaCodeInput>;

export const totpEnrollmentSchema = z
  .object({
    secret: z.string().meta({
      description: "The TOTP secret in base32, for typing into an app.",
      example: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
    }),
    otpauthUrl: z.string().meta({ description: "otpauth:// URL for a QR code (SHA-1, 6 digits, 30 s)." }),
  })
  .meta({ id: "TotpEnrollment" });
export type TotpEnrollment = z.infer<typeof totpEnrollmentSchema>;

export const recoveryCodesSchema = z
  .object({
    recoveryCodes: z
      .array(z.string())
      .length(10)
      .meta({ description: "10 single-use recovery codes, shown this once.", example: ["k3m9p-x2w7q"] }),
  })
  .meta({ id: "RecoveryCodes" });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesRemaining: z.int(),
  /** The active organization requires two-factor of its members. */
  requiredByOrganization: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** What /auth/token (and the dashboard's sign-in) accept beside the password. */
export const secondFactorFields = {
  totpCode: z
    .string()
    .regex(/^[0-9]{6}$/, "The code is 6 digits.")
    .optional()
    .meta({ description: "For accounts with two-factor sign-in: the current 6-digit code." }),
  recoveryCode: z
    .string()
    .min(10)
    .max(32)
    .optional()
    .meta({ description: "Instead of totpCode: one of the account's unused recovery codes (used up by this)." }),
};

/** The organization's security settings (contract §12): GET and PATCH /api/v1/developer/security-settings. */
export const securitySettingsSchema = z
  .object({
    requireMfa: z.boolean().meta({
      description:
        "Members without two-factor sign-in must enrol before anything else in the dashboard, and get 401 " +
        "`mfa_enrollment_required` from `POST /api/v1/auth/token`. API keys are unaffected.",
      example: true,
    }),
  })
  .meta({ id: "SecuritySettings" });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;

export const securitySettingsUpdateInput = z
  .strictObject({
    requireMfa: z.boolean().meta({
      description:
        "Require two-factor sign-in of every member. Turning it on needs two-factor on the caller's own account.",
    }),
  })
  .meta({ id: "SecuritySettingsUpdate" });
export type SecuritySettingsUpdateInput = z.infer<typeof securitySettingsUpdateInput>;
