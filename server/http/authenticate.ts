import { getDb } from "../db/client";
import { AppError } from "../errors";
import { verifyAccessToken } from "../auth/jwt";
import type { Role } from "@/schemas/roles";
import { apiSessionIsLive } from "../accounts/sessions";
import { enrolmentRequired, membershipWithEnrolment } from "../two-factor/require-mfa";

export interface UserAuth {
  kind: "user";
  userId: string;
  organizationId: string;
  role: Role;
  /** The refresh-token family the access token came from (absent on tokens issued before it existed). */
  sessionId?: string;
}

const API_KEY_SHAPE = /^sg_(live|test)_/;
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

export function bearerToken(req: Request): string {
  const header = req.headers.get("authorization");
  if (!header) throw new AppError("unauthenticated");
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw new AppError("unauthenticated", "The Authorization header must be `Bearer <token>`.");
  return match[1];
}

export function looksLikeApiKey(token: string): boolean {
  return API_KEY_SHAPE.test(token);
}

export function looksLikeJwt(token: string): boolean {
  return JWT_SHAPE.test(token);
}

/**
 * Management routes: a valid access token, and a membership that still exists. The role is read
 * from the database rather than the token, so removing a member or changing a role takes effect
 * at once instead of when the 15-minute token runs out. The one gate of every JWT route for an
 * organization's two-factor requirement (contract §12): a member who must enrol gets 401
 * `mfa_enrollment_required` unless the route is part of enrolling (`allowUnenrolled`).
 */
export async function authenticateUser(req: Request, options: { allowUnenrolled?: boolean } = {}): Promise<UserAuth> {
  const token = bearerToken(req);
  if (looksLikeApiKey(token)) {
    throw new AppError(
      "wrong_credential_type",
      "API keys are not accepted here; use an access token from /api/v1/auth/token.",
    );
  }
  const claims = await verifyAccessToken(token);
  const [membership, sessionLive] = await Promise.all([
    membershipWithEnrolment(getDb(), claims.sub, claims.org),
    // A revoked session (signed out, revoked from the sessions list, password changed) ends its
    // access tokens at once, not when they run out (contract §14).
    claims.sid ? apiSessionIsLive(getDb(), claims.org, claims.sid) : true,
  ]);
  if (!membership)
    throw new AppError("unauthenticated", "The access token's organization membership no longer exists.");
  if (!sessionLive) throw new AppError("unauthenticated", "This session has been signed out or revoked.");
  if (membership.mustEnrol && !options.allowUnenrolled) throw enrolmentRequired("rest");
  return {
    kind: "user",
    userId: claims.sub,
    organizationId: claims.org,
    role: membership.role,
    ...(claims.sid ? { sessionId: claims.sid } : {}),
  };
}
