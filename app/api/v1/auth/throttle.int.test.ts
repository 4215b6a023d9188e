import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { takeCredentialAttempt } from "@/server/auth/login-throttle";
import { POST as register } from "./register/route";
import { POST as token } from "./token/route";
import { POST as refresh } from "./refresh/route";

// Requests arrive as server/serve.mjs forwards them: the client address in a header marked with
// the process's edge token, which clientIp() trusts.
const EDGE_TOKEN = `edge-${randomBytes(12).toString("hex")}`;
beforeAll(() => {
  globalThis.__signalgateEdgeToken = EDGE_TOKEN;
});
afterAll(() => {
  globalThis.__signalgateEdgeToken = undefined;
});

const password = "correct horse battery";

function uniqueIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

function from(ip: string) {
  return { "x-sg-edge": EDGE_TOKEN, "x-sg-client-ip": ip };
}

async function registered() {
  const email = uniqueEmail();
  const res = await call(register, "/api/v1/auth/register", { body: { email, password, organizationName: "Acme" } });
  expect(res.status).toBe(201);
  return email;
}

function login(email: string, pw: string, ip = uniqueIp()) {
  return call(token, "/api/v1/auth/token", { body: { email, password: pw }, headers: from(ip) });
}

/**
 * What a caller can observe of an answer, minus the per-request id. Retry-After and the reset
 * time move while the test runs, so only their presence is compared (the throttle tests pin them).
 */
function observable(res: Awaited<ReturnType<typeof call>>) {
  const headers = Object.fromEntries(
    [...res.headers]
      .filter(([k]) => k !== "x-request-id")
      .map(([k, v]) => [k, k === "retry-after" || k === "x-ratelimit-reset" ? "n" : v]),
  );
  const message = String(res.json.error.message).replace(/\d+ s\b/, "n s");
  return { status: res.status, headers, error: { ...res.json.error, message, requestId: undefined } };
}

describe("POST /api/v1/auth/token under the brute-force limits", () => {
  it("answers 429 rate_limited with Retry-After after ten wrong passwords, even to the right one", async () => {
    const email = await registered();
    for (let i = 0; i < 10; i++) expectError(await login(email, `wrong password ${i}`), 401, "invalid_credentials");
    const limited = await login(email, "wrong again");
    expectError(limited, 429, "rate_limited");
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(840);
    expect(retryAfter).toBeLessThanOrEqual(960);
    expect(limited.json.error.message).toContain(`${retryAfter} s`);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("10");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    const reset = Number(limited.headers.get("x-ratelimit-reset"));
    expect(Math.abs(reset - (Date.now() / 1000 + retryAfter))).toBeLessThan(5);
    // Per account: a new address does not help, and the right password waits too.
    expectError(await login(email, password, uniqueIp()), 429, "rate_limited");
  });

  it("gives an unknown email exactly the answers a wrong password gets", async () => {
    const known = await registered();
    const unknown = uniqueEmail("nobody");
    for (let i = 0; i < 11; i++) {
      const a = await login(known, "not the password");
      const b = await login(unknown, "not the password");
      expect(observable(b)).toEqual(observable(a));
      expect(a.status).toBe(i < 10 ? 401 : 429);
    }
  });

  it("never counts successful sign-ins", async () => {
    const email = await registered();
    const ip = uniqueIp();
    for (let i = 0; i < 9; i++) expect((await login(email, "wrong password", ip)).status).toBe(401);
    for (let i = 0; i < 12; i++) expect((await login(email, password, ip)).status).toBe(200);
    expect((await login(email, "wrong password", ip)).status).toBe(401);
    expect((await login(email, "wrong password", ip)).status).toBe(429);
  });

  it("refuses every account from an address with a hundred failures in the window", async () => {
    const ip = uniqueIp();
    // 99 failures already on record for this address (the store is the database: any instance).
    for (let i = 0; i < 99; i++) await takeCredentialAttempt({ email: uniqueEmail(), ip });
    const email = await registered();
    expectError(await login(uniqueEmail(), "guess", ip), 401, "invalid_credentials");
    const limited = await login(email, password, ip);
    expectError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.get("x-ratelimit-limit")).toBe("100");
    expect((await login(email, password, uniqueIp())).status).toBe(200);
  });

  it("does not count malformed requests, which never reach a password check", async () => {
    const email = await registered();
    for (let i = 0; i < 15; i++) {
      const res = await call(token, "/api/v1/auth/token", { body: { email }, headers: from(uniqueIp()) });
      expectError(res, 400, "invalid_request");
    }
    expect((await login(email, password)).status).toBe(200);
  });
});

describe("POST /api/v1/auth/refresh under the brute-force limits", () => {
  async function pair(ip: string) {
    const email = await registered();
    const res = await login(email, password, ip);
    expect(res.status).toBe(200);
    return res.json.refreshToken as string;
  }

  it("counts unknown and reused refresh tokens per address and answers 429 with Retry-After", async () => {
    const ip = uniqueIp();
    let refreshToken = await pair(ip);
    for (let i = 0; i < 98; i++) await takeCredentialAttempt({ ip });
    // Good rotations cost nothing.
    for (let i = 0; i < 5; i++) {
      const res = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken }, headers: from(ip) });
      expect(res.status).toBe(200);
      refreshToken = res.json.refreshToken;
    }
    const unknown = await call(refresh, "/api/v1/auth/refresh", {
      body: { refreshToken: "sgrt_guess" },
      headers: from(ip),
    });
    expectError(unknown, 401, "unauthenticated");
    const spare = await pair(uniqueIp());
    const used = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: spare }, headers: from(ip) });
    expect(used.status).toBe(200);
    const reused = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: spare }, headers: from(ip) });
    expectError(reused, 401, "refresh_token_reused");
    // 98 + 2 failures: the address is full, even for a valid token.
    const limited = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken }, headers: from(ip) });
    expectError(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    const elsewhere = await call(refresh, "/api/v1/auth/refresh", {
      body: { refreshToken },
      headers: from(uniqueIp()),
    });
    expect(elsewhere.status).toBe(200);
  });
});
