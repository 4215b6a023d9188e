import { afterEach, describe, expect, it, vi } from "vitest";
import { secondFactor, signIn } from "./auth";

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("signalgate login's second factor (issue 38)", () => {
  it("sends 6 digits as totpCode and anything else as recoveryCode", () => {
    expect(secondFactor("123456")).toEqual({ totpCode: "123456" });
    expect(secondFactor(" 123 456 ")).toEqual({ totpCode: "123456" });
    expect(secondFactor("abcde-fghij")).toEqual({ recoveryCode: "abcde-fghij" });
    expect(secondFactor(undefined)).toEqual({});
  });

  it("signs in with a recovery code given to --totp", async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
      const path = new URL(url).pathname;
      if (path === "/api/v1/auth/token") {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        bodies.push(body);
        if (body.totpCode !== undefined) {
          return Response.json(
            { error: { code: "invalid_request", message: "The code is 6 digits.", requestId: "r" } },
            { status: 400 },
          );
        }
        return Response.json({ accessToken: "a.b.c", refreshToken: "r", tokenType: "Bearer", expiresIn: 900 });
      }
      return Response.json([]);
    });
    await signIn("http://api.test", "ada@example.com", "pw", { totp: "abcde-fghij" });
    expect(bodies).toEqual([{ email: "ada@example.com", password: "pw", recoveryCode: "abcde-fghij" }]);
  });
});
