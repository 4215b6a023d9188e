import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { openTotpSecret } from "./secret-box";
import { hashRecoveryCode, totpStep } from "./totp";

export interface SecondFactor {
  totpCode?: string;
  recoveryCode?: string;
}

export type SecondFactorResult = "accepted" | "accepted_recovery" | "missing" | "rejected";

/** Whether the user has an active (confirmed) authenticator. */
export async function hasTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db.userTotp.findUnique({ where: { userId }, select: { confirmedAt: true } });
  return Boolean(row?.confirmedAt);
}

/**
 * Accepts a TOTP code once: the step it belongs to must be later than the last one accepted, set
 * in the same conditional UPDATE, so a replay (or a concurrent second use) finds no row.
 */
export async function consumeTotpCode(db: DbOrTx, userId: string, code: string, now: Date, confirmedOnly = true) {
  const row = await db.userTotp.findUnique({ where: { userId } });
  if (!row || (confirmedOnly && !row.confirmedAt)) return false;
  const step = totpStep(openTotpSecret(row.secretSealed), code.trim(), now);
  if (step === null) return false;
  const updated = await runSql(
    db,
    `UPDATE user_totp SET last_used_step = $2 WHERE user_id = $1 AND (last_used_step IS NULL OR last_used_step < $2)
     RETURNING user_id`,
    [userId, step],
  );
  return updated.length === 1;
}

/** Uses up one unused recovery code (atomically: two uses of one code, one wins). */
export async function consumeRecoveryCode(db: DbOrTx, userId: string, code: string, now: Date): Promise<boolean> {
  const used = await runSql(
    db,
    `UPDATE user_recovery_codes SET used_at = $3::timestamptz
     WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING id`,
    [userId, hashRecoveryCode(code), now.toISOString()],
  );
  return used.length === 1;
}

/** The second step of a sign-in for a user with two-factor on. */
export async function checkSecondFactor(
  db: DbOrTx,
  userId: string,
  given: SecondFactor,
  now = new Date(),
): Promise<SecondFactorResult> {
  if (given.totpCode) return (await consumeTotpCode(db, userId, given.totpCode, now)) ? "accepted" : "rejected";
  if (given.recoveryCode) {
    return (await consumeRecoveryCode(db, userId, given.recoveryCode, now)) ? "accepted_recovery" : "rejected";
  }
  return "missing";
}

/** A "current code" for disabling or regenerating: a TOTP code, or a recovery code. */
export async function consumeCurrentCode(db: DbOrTx, userId: string, code: string, now: Date): Promise<boolean> {
  return /^[0-9]{6}$/.test(code.trim())
    ? consumeTotpCode(db, userId, code, now)
    : consumeRecoveryCode(db, userId, code, now);
}

/** Whether the organization requires two-factor of its members. */
export async function organizationRequiresMfa(db: DbOrTx, organizationId: string): Promise<boolean> {
  const row = await db.organizationSecurity.findUnique({ where: { organizationId }, select: { requireMfa: true } });
  return row?.requireMfa ?? false;
}
