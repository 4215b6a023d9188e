import type { Db } from "../db/client";
import { AppError } from "../errors";
import type { MeResponse } from "@/schemas/accounts";
import type { Role } from "@/schemas/roles";
import { userActor, type RequestOrigin } from "../audit/actor";
import { recordAuditInEveryOrganization } from "../audit/record-audit";
import { updateProfileInput } from "@/schemas/accounts";

/** GET /auth/me: the caller, the organization of the token and the role there now. */
export async function getMe(db: Db, auth: { userId: string; organizationId: string; role: Role }): Promise<MeResponse> {
  const [user, organization, totp] = await Promise.all([
    db.user.findUnique({
      where: { id: auth.userId },
      select: { id: true, email: true, name: true, emailVerified: true },
    }),
    db.organization.findUnique({ where: { id: auth.organizationId }, select: { id: true, name: true } }),
    db.userTotp.findUnique({ where: { userId: auth.userId }, select: { confirmedAt: true } }),
  ]);
  if (!user || !organization) throw new AppError("unauthenticated");
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified?.toISOString() ?? null,
      // An enrolment counts once its confirming code was accepted (contract §12).
      mfaEnabled: Boolean(totp?.confirmedAt),
    },
    organization,
    role: auth.role,
  };
}

/** The Account page's profile form. */
export async function updateProfile(
  db: Db,
  userId: string,
  input: { name: string },
  origin: RequestOrigin,
  now = new Date(),
) {
  const data = updateProfileInput.parse(input);
  return db.$transaction(async (tx) => {
    const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { name: true } });
    const user = await tx.user.update({
      where: { id: userId },
      data: { name: data.name },
      select: { id: true, email: true, name: true },
    });
    if (before.name !== user.name) {
      await recordAuditInEveryOrganization(
        tx,
        userId,
        userActor(userId, origin),
        {
          action: "account.profileUpdated",
          resourceType: "account",
          resourceId: userId,
          changes: { before: { name: before.name }, after: { name: user.name } },
        },
        now,
      );
    }
    return user;
  });
}
