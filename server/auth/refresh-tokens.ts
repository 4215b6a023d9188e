import { createHash } from "node:crypto";
import type { Db, DbOrTx } from "../db/client";
import { getEnv } from "../env";
import { AppError } from "../errors";
import { newId, randomBase62 } from "../ids";
import type { Role } from "@/schemas/roles";
import type { TokenResponse } from "@/schemas/auth";
import { userActor, type RequestOrigin } from "../audit/actor";
import { recordAudit } from "../audit/record-audit";
import { signAccessToken } from "./jwt";
import { hasTwoFactor, organizationRequiresMfa } from "../two-factor/second-factor";
import { credentialChanged } from "./credential-changes";

const REFRESH_PREFIX = "sgrt_";

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function refreshExpiry(now: Date): Date {
  return new Date(now.getTime() + getEnv().REFRESH_TOKEN_TTL_DAYS * 86_400_000);
}

async function insertRefreshToken(db: DbOrTx, organizationId: string, familyId: string, now: Date): Promise<string> {
  const raw = `${REFRESH_PREFIX}${randomBase62(48)}`;
  const expiresAt = refreshExpiry(now);
  await db.refreshToken.create({
    data: { id: newId("rt"), organizationId, familyId, tokenHash: hashRefreshToken(raw), createdAt: now, expiresAt },
  });
  // The family lives as long as its newest token; the prune job removes it after that.
  // lastUsedAt: the sessions list shows a REST sign-in's last refresh.
  await db.refreshTokenFamily.update({
    where: { organizationId_id: { organizationId, id: familyId } },
    data: { expiresAt, lastUsedAt: now },
  });
  return raw;
}

/**
 * The token a refresh or a logout presents, found by its hash before the organization is known.
 * The key is (token_hash, organization_id): a token's 285 random bits make its hash unique across
 * organizations in practice (docs/scaling.md), and two rows with one hash would be refused, never
 * one picked.
 */
async function tokenByHash(db: DbOrTx, rawToken: string) {
  const rows = await db.refreshToken.findMany({
    where: { tokenHash: hashRefreshToken(rawToken) },
    include: { family: true },
    take: 2,
  });
  return rows.length === 1 ? rows[0]! : null;
}

async function pair(
  sub: string,
  org: string,
  role: Role,
  refreshToken: string,
  now: Date,
  sid?: string,
): Promise<TokenResponse> {
  const access = await signAccessToken({ sub, org, role, sid }, now);
  return { accessToken: access.token, refreshToken, tokenType: "Bearer", expiresIn: access.expiresIn };
}

/** A fresh login: a new token family for this user and organization. */
export async function startSession(
  db: Db,
  user: { id: string },
  membership: { organizationId: string; role: Role },
  origin: RequestOrigin,
  now = new Date(),
): Promise<TokenResponse> {
  const refreshToken = await db.$transaction(async (tx) => {
    const family = await tx.refreshTokenFamily.create({
      data: {
        id: newId("rtf"),
        userId: user.id,
        organizationId: membership.organizationId,
        createdAt: now,
        expiresAt: refreshExpiry(now),
        lastUsedAt: now,
        ip: origin.ip?.slice(0, 64) ?? null,
        userAgent: origin.userAgent?.slice(0, 512) ?? null,
      },
    });
    await recordAudit(
      tx,
      membership.organizationId,
      userActor(user.id, origin),
      {
        action: "session.signedIn",
        resourceType: "session",
        resourceId: family.id,
        changes: { before: null, after: { via: "api" } },
      },
      now,
    );
    return { raw: await insertRefreshToken(tx, membership.organizationId, family.id, now), familyId: family.id };
  });
  return pair(user.id, membership.organizationId, membership.role, refreshToken.raw, now, refreshToken.familyId);
}

async function revokeFamily(
  db: DbOrTx,
  token: { organizationId: string; familyId: string },
  reason: string,
  now: Date,
): Promise<void> {
  await db.refreshTokenFamily.updateMany({
    where: { organizationId: token.organizationId, id: token.familyId, revokedAt: null },
    data: { revokedAt: now, revokedReason: reason },
  });
}

/**
 * Rotation: a refresh token is good exactly once. Marking it used is a conditional update, so of
 * two concurrent refreshes with the same token one wins and the other is treated as reuse, which
 * revokes the whole family (contract §2) — a stolen token cannot outlive its owner's next refresh.
 */
export async function rotateRefreshToken(
  db: Db,
  rawToken: string,
  origin: RequestOrigin,
  now = new Date(),
): Promise<TokenResponse> {
  const outcome = await db.$transaction(async (tx) => {
    const token = await tokenByHash(tx, rawToken);
    if (!token) return { error: new AppError("unauthenticated", "The refresh token is not valid.") };
    if (token.family.revokedAt) {
      return { error: new AppError("unauthenticated", "This session has been signed out or revoked.") };
    }
    const claimed = await tx.refreshToken.updateMany({
      where: { organizationId: token.organizationId, id: token.id, usedAt: null },
      data: { usedAt: now },
    });
    if (claimed.count === 0) {
      await revokeFamily(tx, token, "reuse", now);
      // The presenter may be a thief: the entry names the token's owner and the presenter's address.
      await recordAudit(
        tx,
        token.family.organizationId,
        userActor(token.family.userId, origin),
        {
          action: "session.refreshTokenReused",
          resourceType: "session",
          resourceId: token.familyId,
          changes: { before: null, after: { revoked: true } },
        },
        now,
      );
      return { error: new AppError("refresh_token_reused"), revokedUserId: token.family.userId };
    }
    if (token.expiresAt <= now) return { error: new AppError("unauthenticated", "The refresh token has expired.") };

    const membership = await tx.membership.findUnique({
      where: { userId_organizationId: { userId: token.family.userId, organizationId: token.family.organizationId } },
      select: { role: true },
    });
    if (!membership) {
      await revokeFamily(tx, token, "membership_removed", now);
      return {
        error: new AppError("unauthenticated", "You are no longer a member of this organization."),
        revokedUserId: token.family.userId,
      };
    }
    // requireMfa ends sessions opened before it was turned on: refreshing is not a sign-in, but an
    // open REST session must not outlive the rule. The family is ended so nothing rotates past it.
    const userId = token.family.userId;
    if (!(await hasTwoFactor(tx, userId)) && (await organizationRequiresMfa(tx, token.family.organizationId))) {
      await revokeFamily(tx, token, "mfa_enrollment_required", now);
      return { error: new AppError("mfa_enrollment_required"), revokedUserId: userId };
    }
    const next = await insertRefreshToken(tx, token.organizationId, token.familyId, now);
    return {
      userId: token.family.userId,
      organizationId: token.family.organizationId,
      role: membership.role,
      next,
      familyId: token.familyId,
    };
  });
  // Errors are returned, not thrown, inside the transaction so a revocation commits before we answer.
  if ("error" in outcome) {
    if (outcome.revokedUserId) credentialChanged({ userId: outcome.revokedUserId });
    throw outcome.error;
  }
  return pair(outcome.userId, outcome.organizationId, outcome.role, outcome.next, now, outcome.familyId);
}

/** Logout: revoke the family of the given token. Unknown tokens are ignored (nothing to revoke). */
export async function revokeSession(db: Db, rawToken: string, now = new Date()): Promise<void> {
  const token = await tokenByHash(db, rawToken);
  if (!token) return;
  await revokeFamily(db, token, "logout", now);
  credentialChanged({ userId: token.family.userId });
}
