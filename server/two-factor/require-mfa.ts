import type { Db, DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import type { AuditActor } from "../audit/actor";
import { recordAudit } from "../audit/record-audit";
import { credentialChanged } from "../auth/credential-changes";
import { AppError } from "../errors";
import { can, type Role } from "@/schemas/roles";
import type { SecuritySettings } from "@/schemas/two-factor";
import { hasTwoFactor, organizationRequiresMfa } from "./second-factor";

/** GET /developer/security-settings and the dashboard's switch: readable by every member. */
export async function getSecuritySettings(db: DbOrTx, organizationId: string): Promise<SecuritySettings> {
  return { requireMfa: await organizationRequiresMfa(db, organizationId) };
}

/**
 * The organization's "Require two-factor" switch (contract §12): owners only, and only once the
 * owner has two-factor on (so nobody locks the organization with an account that could not pass).
 */
export async function setRequireMfa(
  db: Db,
  organizationId: string,
  caller: { userId: string; role: Role },
  requireMfa: boolean,
  actor: AuditActor,
  now = new Date(),
): Promise<SecuritySettings> {
  if (!can(caller.role, "security.manage")) {
    throw new AppError("forbidden", "Only an owner can require two-factor sign-in.");
  }
  if (requireMfa && !(await hasTwoFactor(db, caller.userId))) {
    throw new AppError("invalid_request", "Turn on two-factor sign-in for your own account first.");
  }
  const settings = await db.$transaction(async (tx) => {
    const before = await organizationRequiresMfa(tx, organizationId);
    await tx.organizationSecurity.upsert({
      where: { organizationId },
      create: { organizationId, requireMfa, updatedAt: now },
      update: { requireMfa, updatedAt: now },
    });
    if (before !== requireMfa) {
      await recordAudit(tx, organizationId, actor, {
        action: "twoFactor.requirementChanged",
        resourceType: "organizationSecurity",
        resourceId: organizationId,
        changes: { before: { requireMfa: before }, after: { requireMfa } },
      });
    }
    return { requireMfa };
  });
  if (requireMfa) credentialChanged({ organizationId });
  return settings;
}

// Whether user $U must enrol before using organization $O: it requires two-factor and they have none.
const mustEnrolSql = (user: string, organization: string) =>
  `(EXISTS (SELECT 1 FROM organization_security WHERE organization_id = ${organization} AND require_mfa)
    AND NOT EXISTS (SELECT 1 FROM user_totp WHERE user_id = ${user} AND confirmed_at IS NOT NULL))`;

/**
 * Whether a member must enrol before using the organization: it requires two-factor and they have
 * none. One statement: the dashboard asks on every page and every data call.
 */
export async function mustEnrol(db: DbOrTx, userId: string, organizationId: string): Promise<boolean> {
  const [row] = await runSql<{ must: boolean }>(db, `SELECT ${mustEnrolSql("$1", "$2")} AS must`, [
    userId,
    organizationId,
  ]);
  return row?.must === true;
}

/**
 * An access token's membership as it stands now, and whether its organization holds the member
 * back until they enrol, in one statement (every JWT request asks). Null for a non-member.
 */
export async function membershipWithEnrolment(
  db: DbOrTx,
  userId: string,
  organizationId: string,
): Promise<{ role: Role; mustEnrol: boolean } | null> {
  const [row] = await runSql<{ role: Role; must: boolean }>(
    db,
    `SELECT m.role::text AS role, ${mustEnrolSql("m.user_id", "m.organization_id")} AS must
     FROM memberships m WHERE m.user_id = $1 AND m.organization_id = $2`,
    [userId, organizationId],
  );
  return row ? { role: row.role, mustEnrol: row.must === true } : null;
}

/**
 * contract §12 and issue 38: a member an organization holds back until they enrol may call only
 * what enrolling needs (the routes and procedures marked `allowUnenrolled`). REST answers 401
 * `mfa_enrollment_required`, as /auth/token and /auth/refresh do for the same member; tRPC
 * answers 403 `forbidden`, since a 401 would send the dashboard back to sign-in while its
 * session is valid and the enrolment screen is what it must show.
 */
export function enrolmentRequired(surface: "rest" | "dashboard"): AppError {
  return surface === "rest"
    ? new AppError(
        "mfa_enrollment_required",
        "This organization requires two-factor sign-in and this account has none: set it up first " +
          "(dashboard: Security, Two-factor sign-in; API: POST /api/v1/auth/mfa/totp).",
      )
    : new AppError("forbidden", "This organization requires two-factor sign-in: set it up first.");
}
