import type { DbOrTx } from "../db/client";
import { resolveActiveMembership, type ActiveMembership } from "../orgs/memberships";
import { enrolmentRequired, mustEnrol } from "../two-factor/require-mfa";
import { ACTIVE_ORG_COOKIE, readCookie } from "./active-org-cookie";

/**
 * The member a dashboard request (the session cookie) acts as: the active organization (the
 * `sg_org` cookie, else the oldest membership; null for a user with none), read from the database
 * on every call, so removal from an organization takes effect at once. The one check of the
 * organization's two-factor requirement for cookie requests (contract §12): every tRPC procedure
 * (protectedProcedure) and the dashboard's own routes come here, and a member who has not enrolled
 * gets 403 unless the caller is part of enrolling (`allowUnenrolled`).
 */
export async function dashboardMember(
  db: DbOrTx,
  userId: string,
  headers: Headers,
  options: { allowUnenrolled?: boolean } = {},
): Promise<ActiveMembership | null> {
  const membership = await resolveActiveMembership(db, userId, readCookie(headers, ACTIVE_ORG_COOKIE));
  if (membership && !options.allowUnenrolled && (await mustEnrol(db, userId, membership.organizationId))) {
    throw enrolmentRequired("dashboard");
  }
  return membership;
}
