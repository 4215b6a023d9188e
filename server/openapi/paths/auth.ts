import { refreshInput, registerInput, registerResponse, tokenInput, tokenResponse } from "@/schemas/auth";
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
          "the right password. Successful sign-ins never count.",
        auth: "none",
        body: tokenInput,
        success: { status: 200, description: "A new token pair.", schema: tokenResponse },
        errors: ["invalid_credentials", "forbidden", "not_found", "rate_limited"],
      }),
    },
    "/api/v1/auth/refresh": {
      post: operation({
        operationId: "refreshToken",
        summary: "Rotate a refresh token",
        description:
          "Returns a new pair; the presented refresh token stops working. Presenting an already used refresh " +
          "token revokes every token of that sign-in and answers 401 `refresh_token_reused`.\n\n" +
          "Refused refresh tokens count toward the client IP's limit of 100 failed attempts in 15 minutes " +
          "(with `POST /auth/token` and the dashboard sign-in); then 429 `rate_limited` with `Retry-After`.",
        auth: "none",
        body: refreshInput,
        success: { status: 200, description: "A new token pair.", schema: tokenResponse },
        errors: ["unauthenticated", "refresh_token_reused", "rate_limited"],
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
        success: { status: 204, description: "Signed out." },
      }),
    },
  },
};
