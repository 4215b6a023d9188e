// Contract §14 through the REST routes: REST and dashboard sessions listed and revoked.
import { describe, expect, it } from "vitest";
import { getDb } from "@/server/db/client";
import { createDashboardSession, dashboardSessionIsLive } from "@/server/accounts/sessions";
import { call, expectError } from "@/server/test/http";
import { POST as refresh } from "./refresh/route";
import { GET as me } from "./me/route";
import { GET as listSessions } from "./sessions/route";
import { DELETE as deleteSession } from "./sessions/[id]/route";
import { sessionsResponse } from "@/schemas/accounts";
import { documented, registered, login, auditActions, withSmtpPeer } from "@/server/test/accounts";

withSmtpPeer();

describe("sessions", () => {
  it("lists REST and dashboard sessions, and revoking one ends it at once", async () => {
    const user = await registered();
    const mine = await login(user.email);
    const other = await login(user.email);
    const dashboard = await createDashboardSession(
      getDb(),
      user.userId,
      { ip: "198.51.100.4", userAgent: "Mozilla/5.0 Chrome/140" },
      3600,
    );

    const list = await call(listSessions, "/api/v1/auth/sessions", { token: mine.accessToken });
    expect(list.status).toBe(200);
    expect(list.json).toHaveLength(3);
    documented(sessionsResponse, list.json);
    const current = list.json.filter((s: { current: boolean }) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ kind: "api", id: expect.stringMatching(/^rtf_/), userAgent: "curl/8.5" });
    const dash = list.json.find((s: { kind: string }) => s.kind === "dashboard");
    expect(dash).toEqual({
      id: dashboard,
      kind: "dashboard",
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      ip: "198.51.100.4",
      userAgent: "Mozilla/5.0 Chrome/140",
      current: false,
    });
    const otherId = list.json.find((s: { kind: string; current: boolean }) => s.kind === "api" && !s.current).id;

    const del = await call(deleteSession, `/api/v1/auth/sessions/${otherId}`, {
      token: mine.accessToken,
      method: "DELETE",
      params: { id: otherId },
    });
    expect(del.status).toBe(204);
    expectError(await call(me, "/api/v1/auth/me", { token: other.accessToken }), 401, "unauthenticated");
    expectError(
      await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: other.refreshToken } }),
      401,
      "unauthenticated",
    );

    const delDash = await call(deleteSession, `/api/v1/auth/sessions/${dashboard}`, {
      token: mine.accessToken,
      method: "DELETE",
      params: { id: dashboard },
    });
    expect(delDash.status).toBe(204);
    expect(await dashboardSessionIsLive(getDb(), dashboard, user.userId, 3600)).toBe(false);

    const after = await call(listSessions, "/api/v1/auth/sessions", { token: mine.accessToken });
    expect(after.json.map((s: { id: string }) => s.id)).toEqual([current[0].id]);
    expect((await auditActions(user.organizationId)).filter((a) => a.action === "session.revoked")).toHaveLength(2);
  });

  it("another user's session is not found", async () => {
    const a = await registered();
    const b = await registered();
    const bLogin = await login(b.email);
    const bId = (await call(listSessions, "/api/v1/auth/sessions", { token: bLogin.accessToken })).json[0].id;
    const res = await call(deleteSession, `/api/v1/auth/sessions/${bId}`, {
      token: (await login(a.email)).accessToken,
      method: "DELETE",
      params: { id: bId },
    });
    expectError(res, 404, "not_found");
    expect((await call(me, "/api/v1/auth/me", { token: bLogin.accessToken })).status).toBe(200);
  });
});
