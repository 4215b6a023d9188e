import { createHash } from "node:crypto";
import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { newId, randomBase62 } from "../ids";

export type AccountTokenKind = "password_reset" | "verify_email";

export const TOKEN_TTL_MS: Record<AccountTokenKind, number> = {
  password_reset: 60 * 60 * 1000,
  verify_email: 24 * 60 * 60 * 1000,
};

/** Links carry 256 bits of randomness; the database keeps only their SHA-256. */
export function hashLinkToken(raw: string): string {
  return createHash("sha256").update(raw).digest("hex");
}

export function newLinkToken(): string {
  return randomBase62(43);
}

export async function createAccountToken(
  db: DbOrTx,
  kind: AccountTokenKind,
  user: { id: string; email: string },
  now: Date,
): Promise<string> {
  const raw = newLinkToken();
  await db.accountToken.create({
    data: {
      id: newId("tok"),
      kind,
      userId: user.id,
      email: user.email,
      tokenHash: hashLinkToken(raw),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_TTL_MS[kind]),
    },
  });
  return raw;
}

/**
 * Use a token once: a conditional update, so of two concurrent uses one wins. Unknown, used and
 * expired tokens are one answer (400 invalid_token), so a guess learns nothing.
 */
export async function consumeAccountToken(db: DbOrTx, kind: AccountTokenKind, raw: string, now: Date) {
  const token = await db.accountToken.findUnique({
    where: { tokenHash: hashLinkToken(raw) },
    select: { id: true, kind: true, userId: true, email: true, expiresAt: true, usedAt: true },
  });
  if (!token || token.kind !== kind || token.usedAt || token.expiresAt <= now) throw new AppError("invalid_token");
  const claimed = await db.accountToken.updateMany({ where: { id: token.id, usedAt: null }, data: { usedAt: now } });
  if (claimed.count === 0) throw new AppError("invalid_token");
  return token;
}

/** How many tokens of a kind the user was sent since `since` (per-address email limits). */
export function countRecentTokens(db: DbOrTx, userId: string, kind: AccountTokenKind, since: Date): Promise<number> {
  return db.accountToken.count({ where: { userId, kind, createdAt: { gt: since } } });
}
