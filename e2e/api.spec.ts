// The REST API through the real production server (server/serve.mjs), over HTTP.
import { expect, test } from "@playwright/test";
import { createKey, expectError, PASSWORD, registerAndLogin, SMS, uniqueEmail, expectAccepted } from "./helpers";

test("register → token → refresh → reuse revokes the family", async ({ request }) => {
  const { accessToken, refreshToken } = await registerAndLogin(request);
  expect(accessToken.split(".")).toHaveLength(3);

  const rotated = await request.post("/api/v1/auth/refresh", { data: { refreshToken } });
  expect(rotated.status()).toBe(200);
  const next = await rotated.json();
  expect(next.tokenType).toBe("Bearer");
  expect(next.expiresIn).toBe(900);

  await expectError(
    await request.post("/api/v1/auth/refresh", { data: { refreshToken } }),
    401,
    "refresh_token_reused",
  );
  await expectError(
    await request.post("/api/v1/auth/refresh", { data: { refreshToken: next.refreshToken } }),
    401,
    "unauthenticated",
  );
});

test("logout revokes the session", async ({ request }) => {
  const { refreshToken } = await registerAndLogin(request);
  const out = await request.post("/api/v1/auth/logout", { data: { refreshToken } });
  expect(out.status()).toBe(204);
  await expectError(await request.post("/api/v1/auth/refresh", { data: { refreshToken } }), 401, "unauthenticated");
});

test("errors keep the contract shape end to end", async ({ request }) => {
  const email = uniqueEmail();
  await request.post("/api/v1/auth/register", { data: { email, password: PASSWORD, organizationName: "A" } });
  const taken = await request.post("/api/v1/auth/register", {
    data: { email, password: PASSWORD, organizationName: "B" },
    headers: { "x-request-id": "e2e-trace-1" },
  });
  const body = await expectError(taken, 409, "email_taken");
  expect(body.error.requestId).toBe("e2e-trace-1");

  await expectError(
    await request.post("/api/v1/auth/token", { data: { email, password: "wrong password!" } }),
    401,
    "invalid_credentials",
  );
  await expectError(
    await request.post("/api/v1/auth/register", { data: "email=x", headers: { "content-type": "text/plain" } }),
    415,
    "unsupported_media_type",
  );
  await expectError(await request.get("/api/v1/no/such/endpoint"), 404, "not_found");
  await expectError(await request.get("/api/v1/developer/api-keys"), 401, "unauthenticated");
});

test("health reports the database", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: "ok", database: { ok: true, kind: "pglite" } });
});

test("an API key works, is rate limited with headers, and dies on disable", async ({ request }) => {
  const { accessToken } = await registerAndLogin(request);
  const key = await createKey(request, accessToken, { permissions: ["sms.send"] });
  const auth = { authorization: `Bearer ${key.rawKey}` };

  const ok = await request.post("/api/v1/sms/send", { headers: auth, data: SMS });
  await expectAccepted(ok);
  expect(ok.headers()["x-ratelimit-limit"]).toBe("100");
  // Creating the key counted against the same organization cap (100/min): 98 left there, 99 for sms.send.
  expect(ok.headers()["x-ratelimit-remaining"]).toBe("98");

  await expectError(
    await request.post("/api/v1/sms/send", { headers: auth, data: { ...SMS, to: "0123" } }),
    400,
    "invalid_phone_number",
  );
  await expectError(
    await request.post("/api/v1/otp/send", { headers: auth, data: { to: SMS.to } }),
    403,
    "insufficient_scope",
  );

  const disabled = await request.post(`/api/v1/developer/api-keys/${key.id}/disable`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(disabled.status()).toBe(200);
  await expectError(await request.post("/api/v1/sms/send", { headers: auth, data: SMS }), 401, "key_disabled");
});

test("IP restrictions see the real peer address and ignore a forged X-Forwarded-For", async ({ request }) => {
  const { accessToken } = await registerAndLogin(request);
  const local = await createKey(request, accessToken, { ipRestrictions: ["127.0.0.1", "::1"] });
  await expectAccepted(
    await request.post("/api/v1/sms/send", { headers: { authorization: `Bearer ${local.rawKey}` }, data: SMS }),
  );
  const remote = await createKey(request, accessToken, { ipRestrictions: ["203.0.113.0/24"] });
  await expectError(
    await request.post("/api/v1/sms/send", {
      headers: {
        authorization: `Bearer ${remote.rawKey}`,
        "x-forwarded-for": "203.0.113.5",
        "x-sg-client-ip": "203.0.113.5",
      },
      data: SMS,
    }),
    403,
    "ip_not_allowed",
  );
});

test("the OpenAPI document is served", async ({ request }) => {
  const res = await request.get("/api/v1/openapi.json");
  expect(res.status()).toBe(200);
  const doc = await res.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(["/api/v1/auth/token", "/api/v1/sms/send"]));
});
