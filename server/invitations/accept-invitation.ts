import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/unique-violation";
import { AppError } from "../errors";
import { newId } from "../ids";
import { acceptInvitationInput, type AcceptInvitationInput } from "@/schemas/accounts";
import type { Role } from "@/schemas/roles";
import { userActor, type RequestOrigin } from "../audit/actor";
import { recordAudit } from "../audit/record-audit";
import { hashLinkToken } from "../accounts/account-tokens";
import { hashPassword } from "../auth/password";

export type InvitationState = "pending" | "expired" | "accepted" | "revoked" | "unknown";

export interface InvitationLookup {
  state: InvitationState;
  email?: string;
  role?: Role;
  organizationName?: string;
  /** Whether an account uses the invited address: the page asks it to sign in rather than sign up. */
  accountExists?: boolean;
}

/** What the /invite/:token page shows. Expired, used and revoked links each get their own page. */
export async function lookupInvitation(db: Db, rawToken: string, now = new Date()): Promise<InvitationLookup> {
  // Found by its hash before the organization is known: the key is (token_hash, organization_id),
  // and a token's 256 random bits make the hash unique across organizations in practice
  // (docs/scaling.md); two rows with one hash would be refused, never one picked.
  const rows = await db.invitation.findMany({
    where: { tokenHash: hashLinkToken(rawToken) },
    take: 2,
    select: {
      email: true,
      role: true,
      expiresAt: true,
      acceptedAt: true,
      revokedAt: true,
      organization: { select: { name: true } },
    },
  });
  const row = rows.length === 1 ? rows[0]! : null;
  if (!row) return { state: "unknown" };
  const state: InvitationState = row.acceptedAt
    ? "accepted"
    : row.revokedAt
      ? "revoked"
      : row.expiresAt <= now
        ? "expired"
        : "pending";
  if (state !== "pending") return { state, organizationName: row.organization.name };
  const account = await db.user.findUnique({ where: { email: row.email }, select: { id: true } });
  return {
    state,
    email: row.email,
    role: row.role,
    organizationName: row.organization.name,
    accountExists: Boolean(account),
  };
}

/**
 * POST /auth/invitations/accept (contract §14). A new person sends a password (and a name) and
 * gets an account, its address verified by the link; an existing account is the caller (`userId`
 * from its JWT or dashboard session) and must be the invited address. The membership is added
 * once: the invitation row is locked, and a used, expired or revoked link is 400 invalid_token.
 */
export async function acceptInvitation(
  db: Db,
  input: AcceptInvitationInput,
  caller: { userId: string } | null,
  origin: RequestOrigin,
  now = new Date(),
): Promise<{ organization: { id: string; name: string }; role: Role; userId: string; email: string }> {
  const data = acceptInvitationInput.parse(input);
  const passwordHash = !caller && data.password ? await hashPassword(data.password) : null;
  try {
    return await db.$transaction(async (tx) => {
      // By its hash, before the organization is known (as lookupInvitation): one row or none.
      const [inv, twin] = await tx.$queryRaw<
        {
          id: string;
          organization_id: string;
          email: string;
          role: Role;
          expires_at: Date;
          accepted_at: Date | null;
          revoked_at: Date | null;
        }[]
      >`SELECT id, organization_id, email, role::text AS role, expires_at, accepted_at, revoked_at
        FROM invitations WHERE token_hash = ${hashLinkToken(data.token)} LIMIT 2 FOR UPDATE`;
      if (!inv || twin || inv.accepted_at || inv.revoked_at || inv.expires_at <= now)
        throw new AppError("invalid_token");

      let userId: string;
      let email: string;
      if (caller) {
        const user = await tx.user.findUniqueOrThrow({
          where: { id: caller.userId },
          select: { id: true, email: true },
        });
        if (user.email !== inv.email) {
          throw new AppError(
            "forbidden",
            `This invitation was sent to ${inv.email}. Sign in with that account to accept it.`,
          );
        }
        userId = user.id;
        email = user.email;
      } else {
        const existing = await tx.user.findUnique({ where: { email: inv.email }, select: { id: true } });
        if (existing) {
          throw new AppError(
            "unauthenticated",
            "An account already uses this address: sign in and accept with its access token.",
          );
        }
        if (!passwordHash) {
          throw new AppError("invalid_request", "Choose a password for your new account.", {
            details: [{ path: "password", message: "Required for a new account (at least 10 characters)." }],
          });
        }
        const user = await tx.user.create({
          data: {
            id: newId("usr"),
            email: inv.email,
            name: data.name ?? null,
            passwordHash,
            // The link reached this address: it is verified.
            emailVerified: now,
          },
          select: { id: true, email: true },
        });
        userId = user.id;
        email = user.email;
      }

      const duplicate = await tx.membership.findUnique({
        where: { userId_organizationId: { userId, organizationId: inv.organization_id } },
        select: { id: true },
      });
      if (duplicate) throw new AppError("already_member");
      const membershipId = newId("mem");
      await tx.membership.create({
        data: { id: membershipId, userId, organizationId: inv.organization_id, role: inv.role, createdAt: now },
      });
      await tx.invitation.update({
        where: { organizationId_id: { organizationId: inv.organization_id, id: inv.id } },
        data: { acceptedAt: now, acceptedByUserId: userId },
      });
      if (caller) {
        // Accepting proves the address as well.
        await tx.user.updateMany({ where: { id: userId, emailVerified: null }, data: { emailVerified: now } });
      }
      await recordAudit(
        tx,
        inv.organization_id,
        userActor(userId, origin),
        {
          action: "invitation.accepted",
          resourceType: "invitation",
          resourceId: inv.id,
          changes: { before: null, after: { email: inv.email, role: inv.role } },
        },
        now,
      );
      const organization = await tx.organization.findUniqueOrThrow({
        where: { id: inv.organization_id },
        select: { id: true, name: true },
      });
      return { organization, role: inv.role, userId, email };
    });
  } catch (err) {
    // The same new address signing up twice at once: the loser is told to sign in.
    if (isUniqueViolation(err)) throw new AppError("email_taken");
    throw err;
  }
}
