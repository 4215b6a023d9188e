import { z } from "zod";
import {
  acceptInvitationInput,
  acceptInvitationResponse,
  acceptedResponse,
  changePasswordInput,
  createInvitationInput,
  invitationSchema,
  invitationsResponse,
  meResponse,
  passwordResetConfirmInput,
  passwordResetRequestInput,
  sessionsResponse,
} from "@/schemas/accounts";
import { operation } from "../operation";
import type { PathModule } from "./types";

const sessionIdParams = z.object({
  id: z.string().meta({
    description: "The session's id: `rtf_…` (API) or `ses_…` (dashboard).",
    example: "rtf_0Q3fJ7a2Xc9vB1nM4kLp8sTz",
  }),
});
const invitationIdParams = z.object({
  id: z.string().meta({ description: "The invitation's id.", example: "Zq8vN3xL0pR7tY2wK5mB9cD4fG6hJ1sA8eU3iO7rT2y" }),
});

export const accountsPaths: PathModule = {
  tag: {
    name: "Accounts",
    description:
      "Your own account: profile, password reset and change, email verification, invitations and sessions. " +
      "Emails go out through SMTP (`SMTP_URL`) from a durable outbox; without it they are written to the server " +
      "log and, outside production, listed at `/dev/mail`. Links are single-use and stored hashed.",
  },
  paths: {
    "/api/v1/auth/me": {
      get: operation({
        operationId: "getMe",
        summary: "Who am I",
        description: "The caller, the organization of the access token and the caller's role there now.",
        auth: "jwt",
        allowUnenrolled: true,
        success: { status: 200, description: "The caller.", schema: meResponse },
      }),
    },
    "/api/v1/auth/password-reset": {
      post: operation({
        operationId: "requestPasswordReset",
        summary: "Ask for a password reset email",
        description:
          "Always 202 with `{}`, whether or not an account uses the address, and with the same work (the lookup " +
          "happens in a background job), so the answer reveals nothing. An existing account gets an email with a " +
          "link to `/reset-password?token=…`, valid one hour and usable once; at most 3 such emails per address " +
          "per hour. One client IP may make at most `PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR` requests an hour " +
          "(default 20), for any addresses, known or not; beyond that 429 `rate_limited` with `Retry-After`.",
        auth: "none",
        body: passwordResetRequestInput,
        bodyExample: { email: "ada@example.com" },
        success: { status: 202, description: "Accepted.", schema: acceptedResponse },
        errors: ["rate_limited"],
      }),
    },
    "/api/v1/auth/password-reset/confirm": {
      post: operation({
        operationId: "confirmPasswordReset",
        summary: "Set a new password with a reset token",
        description:
          "Sets the password (at least 10 characters) and ends every session of the account: every refresh-token " +
          "family (their access tokens stop working at once) and every dashboard session. A used, expired or " +
          "unknown token is 400 `invalid_token`.",
        auth: "none",
        body: passwordResetConfirmInput,
        // The token is the one in the reset email's link.
        bodyExample: { token: "Zq8vN3xL0pR7tY2wK5mB9cD4fG6hJ1sA8eU3iO7rT2y", password: "a new correct horse battery" },
        success: { status: 204, description: "The password was changed; every session was signed out." },
        errors: ["invalid_token"],
      }),
    },
    "/api/v1/auth/password": {
      post: operation({
        operationId: "changePassword",
        summary: "Change your password",
        description:
          "Checks the current password, sets the new one (at least 10 characters) and signs out every other " +
          "session; the one this access token belongs to stays. A wrong current password is 401 " +
          "`invalid_credentials` and counts as a failed sign-in (10 per account, 100 per IP in 15 minutes, " +
          "shared with `POST /auth/token`); beyond, 429 `rate_limited` with `Retry-After`, even for the right " +
          "password. The account's address is told by email.",
        auth: "jwt",
        body: changePasswordInput,
        bodyExample: { currentPassword: "correct horse battery", newPassword: "a new correct horse battery" },
        success: { status: 204, description: "The password was changed." },
        errors: ["invalid_credentials"],
      }),
    },
    "/api/v1/auth/verify-email/resend": {
      post: operation({
        operationId: "resendVerificationEmail",
        summary: "Send the verification email again",
        description:
          "Sends a new `/verify-email?token=…` link (valid 24 hours) to an unverified address; at most 5 per " +
          "hour. Always 202. With `REQUIRE_EMAIL_VERIFICATION=true` an unverified user cannot create live keys " +
          "(403 `email_unverified`).",
        auth: "jwt",
        success: { status: 202, description: "Accepted.", schema: acceptedResponse },
      }),
    },
    "/api/v1/auth/invitations/accept": {
      post: operation({
        operationId: "acceptInvitation",
        summary: "Accept an invitation",
        description:
          "The token is the last part of the emailed `/invite/:token` link. A new person sends a `password` (and " +
          "optionally a `name`) and gets an account for the invited address; an existing account sends its own " +
          "access token instead (without one: 401; a token of another address: 403). The membership is added " +
          "once: a used, expired or revoked invitation is 400 `invalid_token`, an existing member 409 " +
          "`already_member`.",
        auth: "none",
        body: acceptInvitationInput,
        // The token is the one in the invitation email's link.
        bodyExample: {
          token: "Zq8vN3xL0pR7tY2wK5mB9cD4fG6hJ1sA8eU3iO7rT2y",
          name: "Alan Turing",
          password: "correct horse battery",
        },
        success: { status: 200, description: "Joined.", schema: acceptInvitationResponse },
        errors: [
          "invalid_token",
          "unauthenticated",
          "token_expired",
          "forbidden",
          "already_member",
          "email_taken",
          "mfa_enrollment_required",
        ],
      }),
    },
    "/api/v1/auth/sessions": {
      get: operation({
        operationId: "listSessions",
        summary: "List your sessions",
        description:
          'Every live sign-in of the caller, newest first: API sign-ins (`kind: "api"`, a refresh-token family ' +
          'whose id stays across refreshes) and dashboard sign-ins (`kind: "dashboard"`). `current` marks the ' +
          "one this request was made with.",
        auth: "jwt",
        allowUnenrolled: true,
        success: { status: 200, description: "The caller's sessions.", schema: sessionsResponse },
      }),
    },
    "/api/v1/auth/sessions/{id}": {
      delete: operation({
        operationId: "revokeSession",
        summary: "Sign out a session",
        description:
          "Ends one of the caller's sessions at once: its refresh token and access tokens stop working, or the " +
          "dashboard browser is signed out on its next request. Another user's session is 404.",
        auth: "jwt",
        allowUnenrolled: true,
        params: sessionIdParams,
        success: { status: 204, description: "Signed out." },
        errors: ["not_found"],
      }),
    },
  },
};

export const membersPaths: PathModule = {
  tag: {
    name: "Members",
    description:
      "Invitations to join the organization (contract §3 roles): owners and admins invite, and only an owner " +
      "can invite an owner. The invited address gets an email with a link valid for 7 days.",
  },
  paths: {
    "/api/v1/developer/members/invitations": {
      get: operation({
        operationId: "listInvitations",
        summary: "List pending invitations",
        description: "Newest first. Accepted, revoked and expired invitations leave the list.",
        auth: "jwt",
        allow: "members.manage",
        success: { status: 200, description: "Pending invitations.", schema: invitationsResponse },
      }),
      post: operation({
        operationId: "createInvitation",
        summary: "Invite someone",
        description:
          "Emails a link to join with the role. An address with a pending invitation gets a new one (the old " +
          "link stops working). A member already: 409 `already_member`.",
        auth: "jwt",
        allow: "members.manage",
        body: createInvitationInput,
        bodyExample: { email: "alan@example.com", role: "developer" },
        success: { status: 201, description: "The invitation.", schema: invitationSchema },
        errors: ["already_member"],
      }),
    },
    "/api/v1/developer/members/invitations/{id}": {
      delete: operation({
        operationId: "revokeInvitation",
        summary: "Revoke an invitation",
        description: "The link stops working at once. Only an owner can revoke an owner's invitation.",
        auth: "jwt",
        allow: "members.manage",
        params: invitationIdParams,
        success: { status: 204, description: "Revoked." },
        errors: ["not_found"],
      }),
    },
  },
};
