import type { DbOrTx } from "../db/client";
import type { RequestOrigin } from "../audit/actor";
import { recordAuditInEveryOrganization } from "../audit/record-audit";
import { AppError } from "../errors";
import { checkSecondFactor, hasTwoFactor, organizationRequiresMfa, type SecondFactor } from "./second-factor";

/**
 * After the password, for POST /auth/token (contract §12): a user with two-factor on needs a code
 * (401 mfa_required without one; a wrong one is invalid_credentials, which the brute-force limits
 * count); a user without it whose organization requires it gets 401 mfa_enrollment_required.
 */
export async function assertSecondFactor(
  db: DbOrTx,
  userId: string,
  organizationId: string,
  given: SecondFactor,
  origin: RequestOrigin,
  now = new Date(),
): Promise<void> {
  if (!(await hasTwoFactor(db, userId))) {
    if (await organizationRequiresMfa(db, organizationId)) throw new AppError("mfa_enrollment_required");
    return;
  }
  const result = await checkSecondFactor(db, userId, given, now);
  if (result === "missing") throw new AppError("mfa_required");
  if (result === "rejected") throw new AppError("invalid_credentials", "The two-factor code is not valid.");
  if (result === "accepted_recovery") await recordRecoveryUse(db, userId, origin, "api");
}

/** A recovery code used to sign in is worth an audit entry: it may mean a lost phone, or a stolen code. */
export async function recordRecoveryUse(db: DbOrTx, userId: string, origin: RequestOrigin, via: "api" | "dashboard") {
  const remaining = await db.userRecoveryCode.count({ where: { userId, usedAt: null } });
  await recordAuditInEveryOrganization(
    db,
    userId,
    { type: "user", userId, ...origin },
    {
      action: "twoFactor.recoveryCodeUsed",
      resourceType: "twoFactor",
      resourceId: userId,
      changes: { before: null, after: { enabled: true, recoveryCodesRemaining: remaining, via } },
    },
  );
}
