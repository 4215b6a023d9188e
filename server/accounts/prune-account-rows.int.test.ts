import { describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { newId } from "../ids";
import { createAccountToken } from "./account-tokens";
import { pruneAccountRows } from "./prune-account-rows";
import { createDashboardSession } from "./sessions";

const DAY = 86_400_000;

describe("pruneAccountRows", () => {
  it("deletes expired and long-revoked dashboard sessions and long-expired links, nothing usable", async () => {
    const db = getDb();
    const userId = newId("usr");
    await db.user.create({ data: { id: userId, email: `${userId}@prune.test`, passwordHash: "x" } });
    const origin = { ip: null, userAgent: null };
    const now = new Date();
    const live = await createDashboardSession(db, userId, origin, 3600, now);
    const expired = await createDashboardSession(db, userId, origin, 60, new Date(now.getTime() - 2 * DAY));
    const revokedLongAgo = await createDashboardSession(db, userId, origin, 30 * 86_400, now);
    const revokedRecently = await createDashboardSession(db, userId, origin, 30 * 86_400, now);
    await db.dashboardSession.update({
      where: { id: revokedLongAgo },
      data: { revokedAt: new Date(now.getTime() - 8 * DAY) },
    });
    await db.dashboardSession.update({
      where: { id: revokedRecently },
      data: { revokedAt: new Date(now.getTime() - DAY) },
    });
    const user = { id: userId, email: `${userId}@prune.test` };
    await createAccountToken(db, "verify_email", user, new Date(now.getTime() - 9 * DAY));
    await createAccountToken(db, "password_reset", user, new Date(now.getTime() - 2 * DAY));
    await createAccountToken(db, "verify_email", user, now);

    await pruneAccountRows(db, now);
    const sessions = await db.dashboardSession.findMany({ where: { userId }, select: { id: true } });
    expect(sessions.map((s) => s.id).sort()).toEqual([live, revokedRecently].sort());
    expect(sessions.map((s) => s.id)).not.toContain(expired);
    expect(await db.accountToken.count({ where: { userId } })).toBe(2);
  });
});
