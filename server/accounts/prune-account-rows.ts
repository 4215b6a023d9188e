import type { DbOrTx } from "../db/client";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Dashboard sessions that can never be used again (expired, or revoked more than a week ago, kept
 * that long like refresh-token families) and emailed links expired more than a week ago.
 */
export async function pruneAccountRows(db: DbOrTx, now: Date): Promise<{ sessions: number; links: number }> {
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const sessions = await db.dashboardSession.deleteMany({
    where: { OR: [{ expiresAt: { lt: now } }, { revokedAt: { lt: weekAgo } }] },
  });
  const links = await db.accountToken.deleteMany({ where: { expiresAt: { lt: weekAgo } } });
  return { sessions: sessions.count, links: links.count };
}
