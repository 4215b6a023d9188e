import { describe, expect, it } from "vitest";
import { call, expectError, uniqueEmail } from "@/server/test/http";
import { POST as register } from "./register/route";
import { POST as token } from "./token/route";
import { POST as refresh } from "./refresh/route";
import { POST as logout } from "./logout/route";
import { verifyAccessToken } from "@/server/auth/jwt";

const password = "correct horse battery";

async function registered(email = uniqueEmail()) {
  const res = await call(register, "/api/v1/auth/register", {
    body: { email, password, name: "Ada", organizationName: "Acme" },
  });
  expect(res.status).toBe(201);
  return { email, ...(res.json as { user: { id: string }; organization: { id: string } }) };
}

describe("POST /api/v1/auth/register", () => {
  it("creates the user, the organization and an owner membership", async () => {
    const email = uniqueEmail();
    const res = await call(register, "/api/v1/auth/register", {
      body: { email: email.toUpperCase(), password, organizationName: "Acme" },
    });
    expect(res.status).toBe(201);
    expect(res.json.user).toEqual({ id: expect.stringMatching(/^usr_/), email, name: null });
    expect(res.json.organization).toEqual({ id: expect.stringMatching(/^org_/), name: "Acme" });
    expect(JSON.stringify(res.json)).not.toContain("passwordHash");
    const login = await call(token, "/api/v1/auth/token", { body: { email, password } });
    const claims = await verifyAccessToken(login.json.accessToken);
    expect(claims).toMatchObject({ sub: res.json.user.id, org: res.json.organization.id, role: "owner" });
  });

  it("answers 409 email_taken for an existing email", async () => {
    const { email } = await registered();
    const res = await call(register, "/api/v1/auth/register", { body: { email, password, organizationName: "B" } });
    expectError(res, 409, "email_taken");
  });

  it("rejects short passwords, unknown fields and bad JSON in the contract shape", async () => {
    const short = await call(register, "/api/v1/auth/register", {
      body: { email: uniqueEmail(), password: "short", organizationName: "A" },
    });
    expectError(short, 400, "invalid_request");
    expect(short.json.error.details).toContainEqual({ path: "password", message: expect.any(String) });

    const unknown = await call(register, "/api/v1/auth/register", {
      body: { email: uniqueEmail(), password, organizationName: "A", role: "owner" },
    });
    expectError(unknown, 400, "invalid_request");

    const malformed = await call(register, "/api/v1/auth/register", {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
      method: "POST",
    });
    expectError(malformed, 400, "invalid_request");

    const wrongType = await call(register, "/api/v1/auth/register", {
      rawBody: "email=a",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      method: "POST",
    });
    expectError(wrongType, 415, "unsupported_media_type");

    const huge = await call(register, "/api/v1/auth/register", {
      rawBody: JSON.stringify({ email: "a@b.co", password: "x".repeat(1024 * 1024), organizationName: "A" }),
      headers: { "content-type": "application/json" },
      method: "POST",
    });
    expectError(huge, 413, "payload_too_large");
  });
});

describe("POST /api/v1/auth/token", () => {
  it("answers the same 401 for a wrong password and an unknown email", async () => {
    const { email } = await registered();
    const wrong = await call(token, "/api/v1/auth/token", { body: { email, password: "not the password" } });
    expectError(wrong, 401, "invalid_credentials");
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const unknown = await call(token, "/api/v1/auth/token", { body: { email: uniqueEmail(), password } });
    expectError(unknown, 401, "invalid_credentials");
    expect(unknown.json.error.message).toBe(wrong.json.error.message);
  });

  it("echoes a valid X-Request-Id and replaces an unsafe one", async () => {
    const echoed = await call(token, "/api/v1/auth/token", {
      body: { email: uniqueEmail(), password },
      headers: { "x-request-id": "client-trace-123" },
    });
    expect(echoed.headers.get("x-request-id")).toBe("client-trace-123");
    expect(echoed.json.error.requestId).toBe("client-trace-123");
    const replaced = await call(token, "/api/v1/auth/token", {
      body: { email: uniqueEmail(), password },
      headers: { "x-request-id": "bad id with spaces\n" },
    });
    expect(replaced.headers.get("x-request-id")).toMatch(/^req_/);
  });

  it("issues a 15-minute bearer access token and an opaque refresh token", async () => {
    const { email } = await registered();
    const res = await call(token, "/api/v1/auth/token", { body: { email, password } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      accessToken: expect.stringMatching(/^ey/),
      refreshToken: expect.stringMatching(/^sgrt_[0-9A-Za-z]{48}$/),
      tokenType: "Bearer",
      expiresIn: 900,
    });
  });
});

describe("refresh-token rotation", () => {
  it("rotates, and reuse of a used token revokes the whole family", async () => {
    const { email } = await registered();
    const first = (await call(token, "/api/v1/auth/token", { body: { email, password } })).json;

    const second = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: first.refreshToken } });
    expect(second.status).toBe(200);
    expect(second.json.refreshToken).not.toBe(first.refreshToken);

    const reuse = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: first.refreshToken } });
    expectError(reuse, 401, "refresh_token_reused");

    // The newer token died with its family.
    const newer = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: second.json.refreshToken } });
    expectError(newer, 401, "unauthenticated");
  });

  it("lets exactly one of two concurrent refreshes with the same token win", async () => {
    const { email } = await registered();
    const first = (await call(token, "/api/v1/auth/token", { body: { email, password } })).json;
    const results = await Promise.all(
      [1, 2].map(() => call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: first.refreshToken } })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it("logout revokes the family and answers 204", async () => {
    const { email } = await registered();
    const first = (await call(token, "/api/v1/auth/token", { body: { email, password } })).json;
    const out = await call(logout, "/api/v1/auth/logout", { body: { refreshToken: first.refreshToken } });
    expect(out.status).toBe(204);
    const after = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: first.refreshToken } });
    expectError(after, 401, "unauthenticated");
  });

  it("rejects an unknown refresh token", async () => {
    const res = await call(refresh, "/api/v1/auth/refresh", { body: { refreshToken: "sgrt_nope" } });
    expectError(res, 401, "unauthenticated");
  });
});
