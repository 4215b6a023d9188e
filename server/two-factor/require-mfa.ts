import type { Db, DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import type { AuditActor } from "../audit/actor";
import { recordAudit } from "../audit/record-audit";
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
  return db.$transaction(async (tx) => {
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
}

/**
 * Whether a member must enrol before using the organization: it requires two-factor and they have
 * none. One statement: the dashboard asks on every page and every data call.
 */
export async function mustEnrol(db: DbOrTx, userId: string, organizationId: string): Promise<boolean> {
  const [row] = await runSql<{ must: boolean }>(
    db,
    `SELECT EXISTS (SELECT 1 FROM organization_security WHERE organization_id = $2 AND require_mfa)
        AND NOT EXISTS (SELECT 1 FROM user_totp WHERE user_id = $1 AND confirmed_at IS NOT NULL) AS must`,
    [userId, organizationId],
  );
  return row?.must === true;
}
