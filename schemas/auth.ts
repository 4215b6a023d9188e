import { z } from "zod";
import { secondFactorFields } from "./two-factor";
import { roleSchema } from "./roles";

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: "Enter a valid email address." }))
  .transform((v) => v.toLowerCase());

export const passwordSchema = z.string().min(10, "Use at least 10 characters.").max(200, "Use at most 200 characters.");

export const registerInput = z
  .strictObject({
    email: emailSchema,
    password: passwordSchema,
    name: z.string().trim().min(1).max(100).optional(),
    organizationName: z.string().trim().min(1, "Name your organization.").max(100),
  })
  .meta({ id: "RegisterRequest" });
export type RegisterInput = z.input<typeof registerInput>;

export const userSchema = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() });
export const organizationSchema = z.object({ id: z.string(), name: z.string() });

export const registerResponse = z
  .object({ user: userSchema, organization: organizationSchema })
  .meta({ id: "RegisterResponse" });

export const tokenInput = z
  .strictObject({
    email: emailSchema,
    password: z.string().min(1).max(200),
    organizationId: z.string().min(1).max(64).optional(),
    ...secondFactorFields,
  })
  .meta({ id: "TokenRequest" });

export const refreshInput = z.strictObject({ refreshToken: z.string().min(1).max(512) }).meta({ id: "RefreshRequest" });

export const tokenResponse = z
  .object({
    accessToken: z.string(),
    refreshToken: z.string(),
    tokenType: z.literal("Bearer"),
    expiresIn: z.number().int().meta({ description: "Access token lifetime in seconds." }),
  })
  .meta({ id: "TokenResponse" });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const addMemberInput = z.strictObject({
  email: emailSchema,
  role: roleSchema,
  name: z.string().trim().min(1).max(100).optional(),
  /** Needed only when no account exists for the email yet: the new member signs in with it. */
  initialPassword: passwordSchema.optional(),
});
export type AddMemberInput = z.input<typeof addMemberInput>;

export const signInInput = z.object({
  email: emailSchema,
  password: z.string().min(1, "Enter your password."),
  // The second step of a sign-in with two-factor on (empty strings: not given).
  totpCode: z.string().trim().optional(),
  recoveryCode: z.string().trim().optional(),
});
