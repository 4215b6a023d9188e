import { describe, expect, it } from "vitest";
import { SignalGate } from "../client";

/** A fake management API: rotating refresh tokens (a reused one answers refresh_token_reused), JWT-ish access tokens. */
function fakeAuthServer() {
  let n = 0;
  const live = new Set<string>();
  const spent = new Set<string>();
  const validAccess = new Set<string>();
  const log: string[] = [];
  const issue = () => {
    n++;
    const accessToken = `access-${n}`;
    const refreshToken = `refresh-${n}`;
    live.add(refreshToken);
    validAccess.add(accessToken);
    return { accessToken, refreshToken, tokenType: "Bearer", expiresIn: 900 };
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const error = (status: number, code: string) => json(status, { error: { code, message: code, requestId: "r" } });

  const fetch = async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    log.push(path);
    // Let concurrent callers pile up before anything answers.
    await new Promise((r) => setTimeout(r, 5));
    if (path === "/api/v1/auth/refresh") {
      const { refreshToken } = JSON.parse(String(init.body)) as { refreshToken: string };
      if (spent.has(refreshToken)) return error(401, "refresh_token_reused");
      if (!live.delete(refreshToken)) return error(401, "unauthenticated");
      spent.add(refreshToken);
      return json(200, issue());
    }
    if (path === "/api/v1/auth/token") return json(200, issue());
    const auth = new Headers(init.headers).get("authorization")?.replace("Bearer ", "") ?? "";
    if (!validAccess.has(auth)) return error(401, "token_expired");
    return json(200, []);
  };
  return { fetch, log, issue, expireAll: () => validAccess.clear() };
}

describe("management tokens", () => {
  it("two concurrent calls with only a refresh token share one refresh", async () => {
    const server = fakeAuthServer();
    const first = server.issue();
    const rotated: string[] = [];
    const sg = new SignalGate({
      refreshToken: first.refreshToken,
      baseUrl: "http://api.test",
      fetch: server.fetch,
      onTokens: (t) => rotated.push(t.refreshToken),
    });
    await Promise.all([sg.apiKeys.list(), sg.webhooks.list()]);
    expect(server.log.filter((p) => p === "/api/v1/auth/refresh")).toHaveLength(1);
    expect(rotated).toEqual(["refresh-2"]);
    expect(sg.auth.current).toEqual({ accessToken: "access-2", refreshToken: "refresh-2" });
  });

  it("after a 401 on a stale access token, concurrent calls share one refresh and are repeated once", async () => {
    const server = fakeAuthServer();
    const first = server.issue();
    const sg = new SignalGate({ ...first, baseUrl: "http://api.test", fetch: server.fetch });
    await sg.apiKeys.list();
    server.expireAll();
    await Promise.all([sg.apiKeys.list(), sg.rateLimits.get(), sg.webhooks.list()]);
    const refreshes = server.log.filter((p) => p === "/api/v1/auth/refresh");
    expect(refreshes).toHaveLength(1);
    // 1 before + 3 refused + 3 repeated, and no refresh token was ever sent twice (the fake would say reused).
    expect(server.log.filter((p) => p.startsWith("/api/v1/developer"))).toHaveLength(7);
  });

  it("email and password sign in once for concurrent calls", async () => {
    const server = fakeAuthServer();
    const sg = new SignalGate({ email: "a@b.test", password: "pw", baseUrl: "http://api.test", fetch: server.fetch });
    await Promise.all([sg.apiKeys.list(), sg.auditLog.list().firstPage()]);
    expect(server.log.filter((p) => p === "/api/v1/auth/token")).toHaveLength(1);
  });

  it("a spent refresh token falls back to the password when there is one", async () => {
    const server = fakeAuthServer();
    const sg = new SignalGate({
      refreshToken: "never-issued",
      email: "a@b.test",
      password: "pw",
      baseUrl: "http://api.test",
      fetch: server.fetch,
    });
    await sg.apiKeys.list();
    expect(server.log.slice(0, 2)).toEqual(["/api/v1/auth/refresh", "/api/v1/auth/token"]);
  });

  it("a refresh that failed on the wire is not sent again", async () => {
    const server = fakeAuthServer();
    const first = server.issue();
    let drop = true;
    const sg = new SignalGate({
      refreshToken: first.refreshToken,
      baseUrl: "http://api.test",
      fetch: async (url, init) => {
        if (drop && url.endsWith("/auth/refresh")) {
          drop = false;
          await server.fetch(url, init); // the server rotated it, but the answer is lost
          throw new TypeError("socket hang up");
        }
        return server.fetch(url, init);
      },
    });
    await expect(sg.apiKeys.list()).rejects.toMatchObject({ code: "connection_error" });
    await expect(sg.apiKeys.list()).rejects.toThrow("need an accessToken, a refreshToken");
    expect(server.log.filter((p) => p === "/api/v1/auth/refresh")).toHaveLength(1);
  });
});
