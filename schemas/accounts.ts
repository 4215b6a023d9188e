import { z } from "zod";
import { emailSchema, organizationSchema, passwordSchema } from "./auth";
import { timestampSchema } from "./common";
import { roleSchema } from "./roles";

// Accounts (contract §14): password reset and change, the caller's profile, address verification,
// sessions and invitations. Client-safe: REST validation, tRPC inputs, forms and OpenAPI share these.

const tokenField = z.string().trim().min(1).max(256);

export const passwordResetRequestInput = z.strictObject({ email: emailSchema }).meta({ id: "PasswordResetRequest" });

export const passwordResetConfirmInput = z
  .strictObject({ token: tokenField, password: passwordSchema })
  .meta({ id: "PasswordResetConfirmRequest" });

export const changePasswordInput = z
  .strictObject({
    currentPassword: z.string().min(1, "Enter your current password.").max(200),
    newPassword: passwordSchema,
  })
  .meta({ id: "ChangePasswordRequest" });

export const verifyEmailInput = z.strictObject({ token: tokenField });

export const updateProfileInput = z.strictObject({ name: z.string().trim().min(1, "Enter a name.").max(100) });

/** 202 answers carry an empty object (contract §14). */
export const acceptedResponse = z.object({}).meta({ id: "Accepted" });

export const meResponse = z
  .object({
    user: z.object({
      id: z.string().meta({ example: "usr_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
      email: z.string(),
      name: z.string().nullable(),
      emailVerified: timestampSchema.nullable().meta({ description: "When the address was verified, or null." }),
      mfaEnabled: z.boolean(),
    }),
    organization: organizationSchema,
    role: roleSchema,
  })
  .meta({ id: "Me" });
export type MeResponse = z.infer<typeof meResponse>;

export const sessionKindSchema = z.enum(["api", "dashboard"]);

export const sessionSchema = z
  .object({
    id: z.string().meta({
      description:
        "`rtf_…` for an API sign-in (a refresh-token family; stays across refreshes), `ses_…` for the dashboard.",
      example: "rtf_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
    }),
    kind: sessionKindSchema,
    createdAt: timestampSchema,
    lastUsedAt: timestampSchema,
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    current: z.boolean().meta({ description: "The session this request was made with." }),
  })
  .meta({ id: "Session" });
export type SessionView = z.infer<typeof sessionSchema>;

export const sessionsResponse = z.array(sessionSchema).meta({ id: "SessionList" });

export const sessionIdInput = z.strictObject({ sessionId: z.string().min(1).max(64) });

/**
 * Where the server's emails go: `smtp` (sent), `devMail` (no SMTP_URL: the server log and /dev/mail,
 * outside production) or `logOnly` (no SMTP_URL in production: nothing reaches anyone).
 */
export const EMAIL_DELIVERIES = ["smtp", "devMail", "logOnly"] as const;
export type EmailDelivery = (typeof EMAIL_DELIVERIES)[number];

export const invitationSchema = z
  .object({
    id: z.string().meta({ example: "inv_0Q3fJ7a2Xc9vB1nM4kLp8sTz" }),
    email: z.string(),
    role: roleSchema,
    expiresAt: timestampSchema,
    createdAt: timestampSchema,
  })
  .meta({ id: "Invitation" });
export type InvitationView = z.infer<typeof invitationSchema>;

export const invitationsResponse = z.array(invitationSchema).meta({ id: "InvitationList" });

export const createInvitationInput = z
  .strictObject({ email: emailSchema, role: roleSchema })
  .meta({ id: "CreateInvitationRequest" });
export type CreateInvitationInput = z.input<typeof createInvitationInput>;

export const invitationIdInput = z.strictObject({ invitationId: z.string().min(1).max(64) });

export const acceptInvitationInput = z
  .strictObject({
    token: tokenField,
    password: passwordSchema.optional(),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .meta({ id: "AcceptInvitationRequest" });
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;

export const acceptInvitationResponse = z
  .object({ organization: organizationSchema, role: roleSchema })
  .meta({ id: "AcceptInvitationResponse" });
