import { refreshInput, registerInput, registerResponse, tokenInput, tokenResponse } from "@/schemas/auth";
import { mfaCodeInput, recoveryCodesSchema, totpEnrollmentSchema } from "@/schemas/two-factor";
import { operation } from "../operation";
import type { PathModule } from "./types";

export const authPaths: PathModule = {
  tag: {
    name: "Authentication",
    description:
      "Access tokens for the management endpoints. Access tokens are JWTs valid for 15 minutes; " +
      "refresh tokens are opaque, valid for 30 days and rotate on every use.",
  },
  paths: {
    "/api/v1/auth/register": {
      post: operation({
        operationId: "register",
        summary: "Create an account and its organization",
        description: "The new user becomes the organization's `owner`. Passwords need at least 10 characters.",
        auth: "none",
        body: registerInput,
        bodyExample: {
          email: "ada@example.com",
          password: "correct horse battery",
          name: "Ada Lovelace",
          organizationName: "Acme",
        },
        success: { status: 201, description: "The user and the organization were created.", schema: registerResponse },
        errors: ["email_taken"],
      }),
    },
    "/api/v1/auth/token": {
      post: operation({
        operationId: "createToken",
        summary: "Exchange email and password for tokens",
        description:
          "Issues an access token and a refresh token for one organization: `organizationId`, or the user's " +
          "oldest membership when omitted. A wrong password and an unknown email get the same 401.\n\n" +
          "Failed attempts are limited: 10 per account (email, known or not) and 100 per client IP in any " +
          "15 minutes, shared with the dashboard sign-in; then 429 `rate_limited` with `Retry-After`, even for " +
          "the right password. Successful sign-ins never count.\n\n" +
          "**Two-factor sign-in:** a user with an authenticator needs `totpCode` (the current 6-digit code, " +
          "accepted once) or a `recoveryCode` (used up): without one 401 `mfa_required`; a wrong one 401 " +
          "`invalid_credentials`, counted by the limits above. A user without two-factor whose organization " +
          "requires it gets 401 `mfa_enrollment_required` until they set it up in the dashboard.",
        auth: "none",
        body: tokenInput,
        bodyExample: { email: "ada@example.com", password: "correct horse battery" },
        success: { status: 200, description: "A new token pair.", schema: tokenResponse },
        errors: [
          "invalid_credentials",
          "forbidden",
          "not_found",
          "rate_limited",
          "mfa_required",
          "mfa_enrollment_required",
        ],
      }),
    },
    "/api/v1/auth/refresh": {
      post: operation({
        operationId: "refreshToken",
        summary: "Rotate a refresh token",
        description:
          "Returns a new pair; the presented refresh token stops working. Presenting an already used refresh " +
          "token revokes every token of that sign-in and answers 401 `refresh_token_reused`. Once the " +
          "organization requires two-factor, a member without it gets 401 `mfa_enrollment_required` and the " +
          "sign-in ends.\n\n" +
          "Refused refresh tokens count toward the client IP's limit of 100 failed attempts in 15 minutes " +
          "(with `POST /auth/token` and the dashboard sign-in); then 429 `rate_limited` with `Retry-After`.",
        auth: "none",
        body: refreshInput,
        // The `refreshToken` of the last token pair.
        bodyExample: { refreshToken: "sgrt_Qm3Xc8Vb2Nz7Lk5Jh9Gf4Ds1Ap6Ow0Ie3Ur8Ty2Re5Wq7Pl1" },
        success: { status: 200, description: "A new token pair.", schema: tokenResponse },
        errors: ["unauthenticated", "refresh_token_reused", "rate_limited", "mfa_enrollment_required"],
      }),
    },
    "/api/v1/auth/logout": {
      post: operation({
        operationId: "logout",
        summary: "Revoke a sign-in",
        description:
          "Revokes the refresh token and every token rotated from the same sign-in. Unknown tokens are ignored.",
        auth: "none",
        body: refreshInput,
        // The `refreshToken` of the last token pair.
        bodyExample: { refreshToken: "sgrt_Qm3Xc8Vb2Nz7Lk5Jh9Gf4Ds1Ap6Ow0Ie3Ur8Ty2Re5Wq7Pl1" },
        success: { status: 204, description: "Signed out." },
      }),
    },
    "/api/v1/auth/mfa/totp": {
      post: operation({
        operationId: "startTotpEnrollment",
        summary: "Start setting up two-factor sign-in",
        description:
          "A new TOTP secret for the caller (RFC 6238: SHA-1, 6 digits, 30 s) as base32 and as an `otpauth://` URL " +
          "for a QR code. Not active until confirmed with a code from it. 400 when two-factor is already on. Open to a " +
          "member whose organization requires two-factor sign-in before they have it (every other route answers " +
          "them 401 `mfa_enrollment_required`).",
        auth: "jwt",
        allowUnenrolled: true,
        success: { status: 200, description: "The secret, not active yet.", schema: totpEnrollmentSchema },
        errors: ["invalid_request"],
      }),
      delete: operation({
        operationId: "disableTotp",
        summary: "Turn two-factor sign-in off",
        description:
          "Needs a current code (or a recovery code); removes the authenticator and the recovery codes. A wrong " +
          "code is 400 and counts as a failed sign-in attempt. 403 `forbidden` while an organization the caller " +
          "belongs to requires two-factor sign-in (the code is not used up). Recorded in the audit log.",
        auth: "jwt",
        // The authenticator's current code, or one of the recovery codes.
        body: mfaCodeInput,
        bodyExample: { code: "492039" },
        success: { status: 204, description: "Two-factor sign-in is off." },
        errors: ["forbidden"],
      }),
    },
    "/api/v1/auth/mfa/totp/confirm": {
      post: operation({
        operationId: "confirmTotpEnrollment",
        summary: "Confirm two-factor sign-in",
        description:
          "A code from the new secret turns two-factor on from now, and answers 10 single-use recovery codes, " +
          "shown this once (stored hashed). A wrong code is 400 and counts as a failed sign-in attempt. Recorded " +
          "in the audit log.",
        auth: "jwt",
        allowUnenrolled: true,
        // The authenticator's current code, or one of the recovery codes.
        body: mfaCodeInput,
        bodyExample: { code: "492039" },
        success: { status: 200, description: "On; the recovery codes.", schema: recoveryCodesSchema },
      }),
    },
    "/api/v1/auth/mfa/recovery-codes": {
      post: operation({
        operationId: "regenerateRecoveryCodes",
        summary: "Replace the recovery codes",
        description:
          "Needs a current code (or a recovery code). 10 new codes replace every old one. Recorded in the audit log.",
        auth: "jwt",
        // The authenticator's current code, or one of the recovery codes.
        body: mfaCodeInput,
        bodyExample: { code: "492039" },
        success: { status: 200, description: "The new codes, shown this once.", schema: recoveryCodesSchema },
      }),
    },
  },
};
