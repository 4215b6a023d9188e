import type { Db, DbOrTx } from "../db/client";
import type { AuditActor, RequestOrigin } from "../audit/actor";
import { recordAuditInEveryOrganization } from "../audit/record-audit";
import { throttleCredentialAttempt } from "../auth/login-throttle";
import { runSql } from "../db/sql";
import { AppError } from "../errors";
import { newId } from "../ids";
import type { RecoveryCodes, TotpEnrollment, TwoFactorStatus } from "@/schemas/two-factor";
import { sealTotpSecret } from "./secret-box";
import { consumeCurrentCode, consumeTotpCode, organizationRequiresMfa } from "./second-factor";
import { hashRecoveryCode, newRecoveryCode, newTotpSecret, RECOVERY_CODE_COUNT } from "./totp";

const wrongCode = () =>
  new AppError("invalid_request", "That code is not valid, or was already used. Enter the current code.", {
    details: [{ path: "code", message: "Not valid or already used." }],
  });

/**
 * Checks a code under the brute-force limits of the sign-in (per account and per IP): a wrong code
 * counts as a failed attempt, a right one costs nothing.
 */
async function withCode<T>(
  db: Db,
  userId: string,
  origin: RequestOrigin,
  check: () => Promise<boolean>,
  then: () => Promise<T>,
): Promise<T> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const ok = await throttleCredentialAttempt(
    { email: user.email, ip: origin.ip },
    check,
    (o) => "value" in o && !o.value,
  );
  if (!ok) throw wrongCode();
  return then();
}

async function replaceRecoveryCodes(
  db: Db | Parameters<Parameters<Db["$transaction"]>[0]>[0],
  userId: string,
  now: Date,
) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.userRecoveryCode.deleteMany({ where: { userId } });
  await db.userRecoveryCode.createMany({
    data: codes.map((c) => ({ id: newId("rc"), userId, codeHash: hashRecoveryCode(c), createdAt: now })),
  });
  return codes;
}

export async function twoFactorStatus(db: Db, userId: string, organizationId: string | null): Promise<TwoFactorStatus> {
  const [row, remaining, required] = await Promise.all([
    db.userTotp.findUnique({ where: { userId }, select: { confirmedAt: true } }),
    db.userRecoveryCode.count({ where: { userId, usedAt: null } }),
    organizationId ? organizationRequiresMfa(db, organizationId) : Promise.resolve(false),
  ]);
  const enabled = Boolean(row?.confirmedAt);
  return { enabled, recoveryCodesRemaining: enabled ? remaining : 0, requiredByOrganization: required };
}

/** POST /auth/mfa/totp: a new secret, not active until confirmed (replaces an unconfirmed one). */
export async function startTotpEnrollment(db: Db, userId: string): Promise<TotpEnrollment> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const existing = await db.userTotp.findUnique({ where: { userId } });
  if (existing?.confirmedAt) {
    throw new AppError("invalid_request", "Two-factor sign-in is already on. Disable it first to use another app.");
  }
  const { secret, otpauthUrl } = newTotpSecret(user.email);
  const sealed = sealTotpSecret(secret);
  await db.userTotp.upsert({
    where: { userId },
    create: { userId, secretSealed: sealed },
    update: { secretSealed: sealed, lastUsedStep: null, createdAt: new Date() },
  });
  return { secret, otpauthUrl };
}

/** POST /auth/mfa/totp/confirm: a code from the new secret turns it on; 10 recovery codes, shown once. */
export async function confirmTotpEnrollment(
  db: Db,
  userId: string,
  code: string,
  actor: AuditActor,
  now = new Date(),
): Promise<RecoveryCodes> {
  const row = await db.userTotp.findUnique({ where: { userId } });
  if (!row) throw new AppError("invalid_request", "Start the set-up first: POST /api/v1/auth/mfa/totp.");
  if (row.confirmedAt) throw new AppError("invalid_request", "Two-factor sign-in is already on.");
  return withCode(
    db,
    userId,
    actor,
    () => consumeTotpCode(db, userId, code, now, false),
    () =>
      db.$transaction(async (tx) => {
        await tx.userTotp.update({ where: { userId }, data: { confirmedAt: now } });
        const recoveryCodes = await replaceRecoveryCodes(tx, userId, now);
        await recordAuditInEveryOrganization(tx, userId, actor, {
          action: "twoFactor.enabled",
          resourceType: "twoFactor",
          resourceId: userId,
          changes: {
            before: { enabled: false },
            after: { enabled: true, recoveryCodesRemaining: RECOVERY_CODE_COUNT },
          },
        });
        return { recoveryCodes };
      }),
  );
}

/**
 * 403 while an organization of the user requires two-factor sign-in (contract §12): turning it off
 * would lock them out of it at their next sign-in. Null when nothing holds it on.
 */
async function requiredBy(db: DbOrTx, userId: string): Promise<AppError | null> {
  const [holding] = await runSql<{ name: string }>(
    db,
    `SELECT o.name FROM memberships m
     JOIN organization_security s ON s.organization_id = m.organization_id AND s.require_mfa
     JOIN organizations o ON o.id = m.organization_id
     WHERE m.user_id = $1 ORDER BY m.created_at LIMIT 1`,
    [userId],
  );
  if (!holding) return null;
  return new AppError(
    "forbidden",
    `${holding.name} requires two-factor sign-in of its members: it cannot be turned off while you ` +
      "belong to it (an owner can lift the requirement first).",
  );
}

/**
 * DELETE /auth/mfa/totp: needs a current code; removes the authenticator and the recovery codes.
 * Refused while one of the user's organizations requires it (checked before the code is used up,
 * and again where the change is made).
 */
export async function disableTotp(db: Db, userId: string, code: string, actor: AuditActor, now = new Date()) {
  const row = await db.userTotp.findUnique({ where: { userId } });
  if (!row?.confirmedAt) throw new AppError("invalid_request", "Two-factor sign-in is not on.");
  const refusal = await requiredBy(db, userId);
  if (refusal) throw refusal;
  await withCode(
    db,
    userId,
    actor,
    () => consumeCurrentCode(db, userId, code, now),
    () =>
      db.$transaction(async (tx) => {
        const lateRefusal = await requiredBy(tx, userId);
        if (lateRefusal) throw lateRefusal;
        await tx.userTotp.delete({ where: { userId } });
        await tx.userRecoveryCode.deleteMany({ where: { userId } });
        await recordAuditInEveryOrganization(tx, userId, actor, {
          action: "twoFactor.disabled",
          resourceType: "twoFactor",
          resourceId: userId,
          changes: { before: { enabled: true }, after: { enabled: false } },
        });
      }),
  );
}

/** POST /auth/mfa/recovery-codes: needs a current code; 10 new codes replace the old ones. */
export async function regenerateRecoveryCodes(
  db: Db,
  userId: string,
  code: string,
  actor: AuditActor,
  now = new Date(),
): Promise<RecoveryCodes> {
  const row = await db.userTotp.findUnique({ where: { userId } });
  if (!row?.confirmedAt) throw new AppError("invalid_request", "Two-factor sign-in is not on.");
  return withCode(
    db,
    userId,
    actor,
    () => consumeCurrentCode(db, userId, code, now),
    () =>
      db.$transaction(async (tx) => {
        const recoveryCodes = await replaceRecoveryCodes(tx, userId, now);
        await recordAuditInEveryOrganization(tx, userId, actor, {
          action: "twoFactor.recoveryCodesRegenerated",
          resourceType: "twoFactor",
          resourceId: userId,
          changes: { before: null, after: { enabled: true, recoveryCodesRemaining: RECOVERY_CODE_COUNT } },
        });
        return { recoveryCodes };
      }),
  );
}
