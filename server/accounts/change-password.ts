import type { Db } from "../db/client";
import { AppError } from "../errors";
import { changePasswordInput } from "@/schemas/accounts";
import { userActor, type RequestOrigin } from "../audit/actor";
import { recordAuditInEveryOrganization } from "../audit/record-audit";
import { hashPassword, verifyPassword } from "../auth/password";
import { throttleCredentialAttempt } from "../auth/login-throttle";
import { enqueueEmail } from "../email/enqueue-email";
import { revokeUserSessions, type CurrentSession } from "./sessions";
import { credentialChanged } from "../auth/credential-changes";

/**
 * POST /auth/password and the Account page: the current password is checked (under the sign-in's
 * brute-force limits), the new one stored, every other session revoked (the caller's stays), and
 * the owner told by email, together.
 */
export async function changePassword(
  db: Db,
  userId: string,
  input: { currentPassword: string; newPassword: string },
  current: CurrentSession,
  origin: RequestOrigin,
  now = new Date(),
): Promise<{ sessionsRevoked: number }> {
  const data = changePasswordInput.parse(input);
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true, passwordHash: true } });
  if (!user) throw new AppError("unauthenticated");
  // A wrong current password is a guessed credential (issue 38: a stolen access token must not
  // become a takeover): it counts in the sign-in's limits per account and per IP, 429 beyond.
  const right = await throttleCredentialAttempt(
    { email: user.email, ip: origin.ip },
    () => verifyPassword(user.passwordHash, data.currentPassword),
    (outcome) => "value" in outcome && !outcome.value,
  );
  if (!right) {
    throw new AppError("invalid_credentials", "The current password is incorrect.", {
      details: [{ path: "currentPassword", message: "The current password is incorrect." }],
    });
  }
  const passwordHash = await hashPassword(data.newPassword);
  const changed = await db.$transaction(async (tx) => {
    // Compare-and-set on the hash we checked: a concurrent change wins once, not twice.
    const { count } = await tx.user.updateMany({
      where: { id: userId, passwordHash: user.passwordHash },
      data: { passwordHash },
    });
    if (count === 0) throw new AppError("invalid_credentials", "The password was changed meanwhile. Sign in again.");
    const sessionsRevoked = await revokeUserSessions(tx, userId, current, "password_changed", now);
    await enqueueEmail(tx, user.email, { template: "password-changed", data: { when: now.toISOString() } }, now);
    await recordAuditInEveryOrganization(
      tx,
      userId,
      userActor(userId, origin),
      {
        action: "account.passwordChanged",
        resourceType: "account",
        resourceId: userId,
        changes: { before: null, after: { sessionsRevoked }, secretChanged: true },
      },
      now,
    );
    return { sessionsRevoked };
  });
  credentialChanged({ userId });
  return changed;
}
