import type { Db } from "../db/client";
import { passwordResetConfirmInput } from "@/schemas/accounts";
import { SYSTEM_ACTOR, userActor, type RequestOrigin } from "../audit/actor";
import { recordAuditInEveryOrganization } from "../audit/record-audit";
import { hashPassword } from "../auth/password";
import { enqueueEmail } from "../email/enqueue-email";
import { appUrl } from "../email/links";
import { sendJobEvent } from "../jobs/send-event";
import { logger } from "../logger";
import { consumeAccountToken, countRecentTokens, createAccountToken, TOKEN_TTL_MS } from "./account-tokens";
import { takePasswordResetRequest } from "./password-reset-throttle";
import { revokeUserSessions } from "./sessions";
import { credentialChanged } from "../auth/credential-changes";

/** Reset emails per address per hour (contract §14). */
export const RESET_EMAILS_PER_HOUR = 3;

/**
 * POST /auth/password-reset: the request only queues a job, the same single write whatever the
 * email, so neither the answer nor its timing says whether an account exists (contract §14). The
 * per-IP limit comes first (429 rate_limited), counting every request alike.
 */
export async function requestPasswordReset(
  db: Db,
  email: string,
  origin: RequestOrigin = { ip: null, userAgent: null },
): Promise<void> {
  await takePasswordResetRequest(origin.ip);
  await sendJobEvent(db, "auth/password-reset.requested", { email, ip: origin.ip, userAgent: origin.userAgent });
}

/**
 * The job's half: for a known address under its hourly limit, a single-use token (stored hashed)
 * and the email, in one transaction. Locking the user row serialises concurrent requests, so the
 * limit holds exactly.
 */
export async function sendPasswordReset(
  db: Db,
  email: string,
  now = new Date(),
  origin: RequestOrigin = { ip: null, userAgent: null },
): Promise<"sent" | "unknown" | "limited"> {
  return db.$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ id: string; email: string }[]>`
      SELECT id, email FROM users WHERE email = ${email.trim().toLowerCase()} FOR UPDATE`;
    if (!user) return "unknown";
    const recent = await countRecentTokens(tx, user.id, "password_reset", new Date(now.getTime() - 3_600_000));
    if (recent >= RESET_EMAILS_PER_HOUR) {
      logger.info("password reset email not sent: hourly limit for the address", { userId: user.id });
      return "limited";
    }
    const token = await createAccountToken(tx, "password_reset", user, now);
    await enqueueEmail(
      tx,
      user.email,
      {
        template: "password-reset",
        data: {
          url: appUrl(`/reset-password?token=${encodeURIComponent(token)}`),
          expiresInMinutes: TOKEN_TTL_MS.password_reset / 60_000,
        },
      },
      now,
    );
    await recordAuditInEveryOrganization(
      tx,
      user.id,
      // Whoever asked (maybe not the owner): the request's address, for an investigation.
      { ...SYSTEM_ACTOR, ip: origin.ip, userAgent: origin.userAgent },
      {
        action: "account.passwordResetRequested",
        resourceType: "account",
        resourceId: user.id,
        changes: { before: null, after: { email: user.email } },
      },
      now,
    );
    return "sent";
  });
}

/**
 * POST /auth/password-reset/confirm: the token is used up, the password replaced, every other
 * unused reset link of the user voided, and every session (REST and dashboard) revoked, together.
 */
export async function confirmPasswordReset(
  db: Db,
  input: { token: string; password: string },
  origin: RequestOrigin,
  now = new Date(),
): Promise<void> {
  const data = passwordResetConfirmInput.parse(input);
  // Hashing first keeps argon2's tens of milliseconds out of the transaction.
  const passwordHash = await hashPassword(data.password);
  const userId = await db.$transaction(async (tx) => {
    const token = await consumeAccountToken(tx, "password_reset", data.token, now);
    const user = await tx.user.findUniqueOrThrow({
      where: { id: token.userId },
      select: { email: true, emailVerified: true },
    });
    await tx.user.update({
      where: { id: token.userId },
      data: {
        passwordHash,
        // The link reached the address: that proves it, if it is still the account's address.
        ...(user.email === token.email && !user.emailVerified ? { emailVerified: now } : {}),
      },
    });
    await tx.accountToken.updateMany({
      where: { userId: token.userId, kind: "password_reset", usedAt: null },
      data: { usedAt: now },
    });
    const revoked = await revokeUserSessions(tx, token.userId, {}, "password_reset", now);
    await recordAuditInEveryOrganization(
      tx,
      token.userId,
      userActor(token.userId, origin),
      {
        action: "account.passwordReset",
        resourceType: "account",
        resourceId: token.userId,
        changes: { before: null, after: { sessionsRevoked: revoked }, secretChanged: true },
      },
      now,
    );
    return token.userId;
  });
  credentialChanged({ userId });
}
