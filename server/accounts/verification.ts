import type { Db, DbOrTx } from "../db/client";
import { SYSTEM_ACTOR, userActor, type AuditActor, type RequestOrigin } from "../audit/actor";
import { recordAuditInEveryOrganization } from "../audit/record-audit";
import { enqueueEmail } from "../email/enqueue-email";
import { appUrl } from "../email/links";
import { logger } from "../logger";
import { consumeAccountToken, countRecentTokens, createAccountToken, TOKEN_TTL_MS } from "./account-tokens";

/** Verification emails per user per hour: resend is a button, not a way to mail-bomb an address. */
export const VERIFY_EMAILS_PER_HOUR = 5;

/** Queue the verification email in the caller's transaction (registration, resend). */
export async function queueVerificationEmail(
  tx: DbOrTx,
  user: { id: string; email: string },
  actor: AuditActor = SYSTEM_ACTOR,
  now = new Date(),
): Promise<void> {
  const token = await createAccountToken(tx, "verify_email", user, now);
  await enqueueEmail(
    tx,
    user.email,
    {
      template: "verify-email",
      data: {
        url: appUrl(`/verify-email?token=${encodeURIComponent(token)}`),
        expiresInHours: TOKEN_TTL_MS.verify_email / 3_600_000,
      },
    },
    now,
  );
  await recordAuditInEveryOrganization(
    tx,
    user.id,
    actor,
    {
      action: "account.verificationSent",
      resourceType: "account",
      resourceId: user.id,
      changes: { before: null, after: { email: user.email } },
    },
    now,
  );
}

/**
 * POST /auth/verify-email/resend: 202 whatever happens — already verified and over the hourly
 * limit send nothing.
 */
export async function resendVerification(db: Db, userId: string, origin: RequestOrigin, now = new Date()) {
  await db.$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ id: string; email: string; email_verified: Date | null }[]>`
      SELECT id, email, email_verified FROM users WHERE id = ${userId} FOR UPDATE`;
    if (!user || user.email_verified) return;
    const recent = await countRecentTokens(tx, userId, "verify_email", new Date(now.getTime() - 3_600_000));
    if (recent >= VERIFY_EMAILS_PER_HOUR) {
      logger.info("verification email not sent: hourly limit", { userId });
      return;
    }
    await queueVerificationEmail(tx, user, userActor(userId, origin), now);
  });
}

/** The /verify-email link: the address it was sent to is verified, if it is still the account's. */
export async function verifyEmail(db: Db, rawToken: string, origin: RequestOrigin, now = new Date()) {
  return db.$transaction(async (tx) => {
    const token = await consumeAccountToken(tx, "verify_email", rawToken, now);
    const { count } = await tx.user.updateMany({
      where: { id: token.userId, email: token.email, emailVerified: null },
      data: { emailVerified: now },
    });
    if (count > 0) {
      await recordAuditInEveryOrganization(
        tx,
        token.userId,
        userActor(token.userId, origin),
        {
          action: "account.emailVerified",
          resourceType: "account",
          resourceId: token.userId,
          changes: { before: { emailVerified: false }, after: { email: token.email, emailVerified: true } },
        },
        now,
      );
    }
    return { userId: token.userId, email: token.email };
  });
}
