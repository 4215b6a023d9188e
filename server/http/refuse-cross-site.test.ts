import { afterEach, describe, expect, it } from "vitest";
import { resetEnvForTests } from "../env";
import { sameSiteOnly } from "./refuse-cross-site";

function request(method: "GET" | "POST", headers: Record<string, string>) {
  return new Request("http://localhost:3000/api/trpc/apiKeys.create", {
    method,
    headers: { host: "localhost:3000", "content-type": "application/json", ...headers },
    body: method === "POST" ? "{}" : undefined,
  });
}

function guarded() {
  const ran: string[] = [];
  const handler = sameSiteOnly(async (req) => {
    ran.push(req.method);
    return Response.json({ ok: true });
  });
  return { handler, ran };
}

describe("sameSiteOnly (the tRPC endpoint)", () => {
  it.each([
    ["another site's Origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site cross-site", { "sec-fetch-site": "cross-site", origin: "http://localhost:3000" }],
    ["Sec-Fetch-Site same-site", { "sec-fetch-site": "same-site" }],
    ["an opaque origin", { origin: "null" }],
  ])("refuses %s with 403 forbidden in the contract's shape, without running the handler", async (_, headers) => {
    const { handler, ran } = guarded();
    for (const method of ["POST", "GET"] as const) {
      const res = await handler(request(method, headers));
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({
        error: {
          code: "forbidden",
          message: expect.any(String),
          requestId: res.headers.get("x-request-id"),
          docUrl: "/docs/errors#forbidden",
        },
      });
    }
    expect(ran).toEqual([]);
  });

  it.each([
    ["a same-origin browser", { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }],
    ["a client without Origin or Sec-Fetch-Site", {}],
  ])("lets %s through", async (_, headers) => {
    const { handler, ran } = guarded();
    expect((await handler(request("POST", headers))).status).toBe(200);
    expect((await handler(request("GET", headers))).status).toBe(200);
    expect(ran).toEqual(["POST", "GET"]);
  });

  describe("X-Forwarded-Host (issue 38)", () => {
    afterEach(() => {
      delete process.env.TRUST_PROXY;
      resetEnvForTests();
    });
    const forged = { "x-forwarded-host": "evil.example", origin: "https://evil.example" };

    it("is ignored without TRUST_PROXY: another site's page cannot name itself the host", async () => {
      const { handler, ran } = guarded();
      expect((await handler(request("POST", forged))).status).toBe(403);
      expect(ran).toEqual([]);
    });

    it("names the host addressed behind a trusted proxy", async () => {
      process.env.TRUST_PROXY = "true";
      resetEnvForTests();
      const { handler, ran } = guarded();
      expect((await handler(request("POST", forged))).status).toBe(200);
      expect(ran).toEqual(["POST"]);
    });
  });
});
