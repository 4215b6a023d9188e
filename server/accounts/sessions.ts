import type { Db, DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { newId } from "../ids";
import type { SessionView } from "@/schemas/accounts";
import type { AuditActor, RequestOrigin } from "../audit/actor";
import { recordAuditInEveryOrganization } from "../audit/record-audit";
import { credentialChanged } from "../auth/credential-changes";

/**
 * A user's sessions (contract §14): REST sign-ins (refresh-token families, `rtf_…`, one id across
 * refreshes) and dashboard sign-ins (`ses_…`, the id inside the next-auth cookie). Ending either
 * takes effect on its next request: access tokens name their family (`sid`) and are refused once
 * it is revoked; a dashboard cookie is checked against its row.
 */
export interface CurrentSession {
  familyId?: string | null;
  dashboardSessionId?: string | null;
}

const MAX_USER_AGENT = 512;
/** Writing lastUsedAt on every dashboard request would be a write per page view: once a minute is enough. */
const TOUCH_EVERY_MS = 60_000;

export async function createDashboardSession(
  db: DbOrTx,
  userId: string,
  origin: RequestOrigin,
  maxAgeSeconds: number,
  now = new Date(),
): Promise<string> {
  const id = newId("ses");
  await db.dashboardSession.create({
    data: {
      id,
      userId,
      createdAt: now,
      lastUsedAt: now,
      expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
      ip: origin.ip?.slice(0, 64) ?? null,
      userAgent: origin.userAgent?.slice(0, MAX_USER_AGENT) ?? null,
    },
  });
  return id;
}

/**
 * Whether a dashboard cookie's session still stands. At most once a minute it is touched: lastUsedAt,
 * and the expiry moved on as next-auth rolls the cookie's.
 */
export async function dashboardSessionIsLive(
  db: Db,
  id: string,
  userId: string,
  maxAgeSeconds: number,
  now = new Date(),
): Promise<boolean> {
  const row = await db.dashboardSession.findUnique({
    where: { id },
    select: { userId: true, revokedAt: true, expiresAt: true, lastUsedAt: true },
  });
  if (!row || row.userId !== userId || row.revokedAt || row.expiresAt <= now) return false;
  if (now.getTime() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.dashboardSession.updateMany({
      where: { id, revokedAt: null },
      data: { lastUsedAt: now, expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000) },
    });
  }
  return true;
}

/** Whether an access token's refresh-token family is still live (tokens without `sid` predate it). */
export async function apiSessionIsLive(db: Db, organizationId: string, familyId: string): Promise<boolean> {
  const row = await db.refreshTokenFamily.findUnique({
    where: { organizationId_id: { organizationId, id: familyId } },
    select: { revokedAt: true },
  });
  return Boolean(row && !row.revokedAt);
}

/** Live sessions of a user, newest first. */
export async function listSessions(
  db: DbOrTx,
  userId: string,
  current: CurrentSession,
  now = new Date(),
): Promise<SessionView[]> {
  const [families, dashboard] = await Promise.all([
    db.refreshTokenFamily.findMany({
      where: { userId, revokedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: "desc" },
      take: 200,
      select: { id: true, createdAt: true, lastUsedAt: true, ip: true, userAgent: true },
    }),
    db.dashboardSession.findMany({
      where: { userId, revokedAt: null, expiresAt: { gt: now } },
      orderBy: { createdAt: "desc" },
      take: 200,
      select: { id: true, createdAt: true, lastUsedAt: true, ip: true, userAgent: true },
    }),
  ]);
  const views: SessionView[] = [
    ...families.map((f) => ({
      id: f.id,
      kind: "api" as const,
      createdAt: f.createdAt.toISOString(),
      lastUsedAt: (f.lastUsedAt ?? f.createdAt).toISOString(),
      ip: f.ip,
      userAgent: f.userAgent,
      current: f.id === current.familyId,
    })),
    ...dashboard.map((d) => ({
      id: d.id,
      kind: "dashboard" as const,
      createdAt: d.createdAt.toISOString(),
      lastUsedAt: d.lastUsedAt.toISOString(),
      ip: d.ip,
      userAgent: d.userAgent,
      current: d.id === current.dashboardSessionId,
    })),
  ];
  return views.sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/**
 * End every session of the user except `keep` (none: all of them), in the caller's transaction.
 * Returns how many ended.
 */
export async function revokeUserSessions(
  tx: DbOrTx,
  userId: string,
  keep: CurrentSession,
  reason: string,
  now: Date,
): Promise<number> {
  const families = await tx.refreshTokenFamily.updateMany({
    where: { userId, revokedAt: null, ...(keep.familyId ? { id: { not: keep.familyId } } : {}) },
    data: { revokedAt: now, revokedReason: reason },
  });
  const dashboard = await tx.dashboardSession.updateMany({
    where: { userId, revokedAt: null, ...(keep.dashboardSessionId ? { id: { not: keep.dashboardSessionId } } : {}) },
    data: { revokedAt: now, revokedReason: reason },
  });
  return families.count + dashboard.count;
}

/** DELETE /auth/sessions/:id: one of the caller's own sessions; anyone else's is not found. */
export async function revokeSessionById(
  db: Db,
  userId: string,
  sessionId: string,
  actor: AuditActor,
  now = new Date(),
): Promise<void> {
  await db.$transaction(async (tx) => {
    const kind = sessionId.startsWith("ses_") ? "dashboard" : "api";
    const { count } =
      kind === "dashboard"
        ? await tx.dashboardSession.updateMany({
            where: { id: sessionId, userId, revokedAt: null },
            data: { revokedAt: now, revokedReason: "revoked_by_user" },
          })
        : await tx.refreshTokenFamily.updateMany({
            where: { id: sessionId, userId, revokedAt: null },
            data: { revokedAt: now, revokedReason: "revoked_by_user" },
          });
    if (count === 0) throw new AppError("not_found", "No active session of yours has this id.");
    await recordAuditInEveryOrganization(
      tx,
      userId,
      actor,
      {
        action: "session.revoked",
        resourceType: "session",
        resourceId: sessionId,
        changes: { before: null, after: { via: kind, revoked: true } },
      },
      now,
    );
  });
  credentialChanged({ userId });
}

/** Sign-out from the dashboard: its row ends with the cookie. */
export async function endDashboardSession(db: Db, id: string, now = new Date()): Promise<void> {
  await db.dashboardSession.updateMany({
    where: { id, revokedAt: null },
    data: { revokedAt: now, revokedReason: "logout" },
  });
}
