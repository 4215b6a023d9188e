// One security suite over every route, in two files (the route tables are in security-routes.ts).
// This half: each API-key route is called with every kind of wrong credential, and must answer
// the contract's code for it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedOrganization, type SeededMember } from "@/server/test/seed";
import { setApiKeyActive } from "@/server/api-keys/update-api-key";
import { getDb } from "@/server/db/client";
import { newId } from "@/server/ids";
import { API_KEY_ROUTES, type ApiKeyRoute } from "./security-routes";
import { SYSTEM_ACTOR } from "@/server/audit/actor";

const EDGE = "security-suite-edge-token";
globalThis.__signalgateEdgeToken = EDGE;
const fromIp = (ip: string) => ({ "x-sg-edge": EDGE, "x-sg-client-ip": ip });

function callKeyRoute(
  route: ApiKeyRoute,
  options: { token?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  return call(route.handler, route.path, {
    method: route.method,
    body: options.body ?? route.freshBody?.() ?? route.body,
    params: route.params,
    token: options.token,
    headers: options.headers,
  });
}

describe.each(API_KEY_ROUTES)("API-key route $name", (route) => {
  let org: SeededMember;
  beforeAll(async () => {
    org = await seedOrganization();
  });

  it("needs an Authorization header", async () => {
    const res = await callKeyRoute(route);
    expectError(res, 401, "unauthenticated");
    expect(res.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("rejects a malformed header and an unknown key", async () => {
    expectError(await callKeyRoute(route, { headers: { authorization: "Basic abc" } }), 401, "unauthenticated");
    expectError(await callKeyRoute(route, { headers: { authorization: "Bearer" } }), 401, "unauthenticated");
    expectError(await callKeyRoute(route, { token: "sg_live_" + "a".repeat(40) }), 401, "unauthenticated");
    expectError(await callKeyRoute(route, { token: "sg_test_short" }), 401, "unauthenticated");
  });

  it("rejects a disabled key and an expired key", async () => {
    const key = await seedApiKey(org.organizationId);
    await setApiKeyActive(getDb(), org.organizationId, key.id, false, SYSTEM_ACTOR);
    expectError(await callKeyRoute(route, { token: key.rawKey }), 401, "key_disabled");

    const expired = await seedApiKey(org.organizationId, { expiresIn: "1d" }, new Date(Date.now() - 2 * 86_400_000));
    expectError(await callKeyRoute(route, { token: expired.rawKey }), 401, "key_expired");
  });

  it("names the missing permission", async () => {
    const others = (["sms.send", "sms.read", "otp.send", "otp.verify"] as const).filter((p) => p !== route.scope);
    const key = await seedApiKey(org.organizationId, { permissions: [...others] });
    const res = await callKeyRoute(route, { token: key.rawKey });
    expectError(res, 403, "insufficient_scope");
    expect(res.json.error.message).toContain(route.scope);
    // Authenticated, so counted and described like any other response.
    expect(res.headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  });

  it("enforces IP restrictions, matching IPv4-mapped IPv6 callers as IPv4", async () => {
    const key = await seedApiKey(org.organizationId, { ipRestrictions: ["203.0.113.0/24", "2001:db8::/32"] });
    expectError(
      await callKeyRoute(route, { token: key.rawKey, headers: fromIp("198.51.100.7") }),
      403,
      "ip_not_allowed",
    );
    // Without the server's marker the address is unknown and the key fails closed, whatever the caller claims.
    expectError(
      await callKeyRoute(route, {
        token: key.rawKey,
        headers: { "x-sg-client-ip": "203.0.113.9", "x-forwarded-for": "203.0.113.9" },
      }),
      403,
      "ip_not_allowed",
    );
    for (const ip of ["203.0.113.9", "::ffff:203.0.113.9", "2001:db8::1"]) {
      const res = await callKeyRoute(route, { token: key.rawKey, headers: fromIp(ip) });
      expect(res.status, ip).toBe(route.passes.test);
    }
  });

  it("refuses an access token with wrong_credential_type", async () => {
    expectError(await callKeyRoute(route, { token: org.accessToken }), 401, "wrong_credential_type");
  });

  it("lets a valid key of either environment through to the endpoint", async () => {
    for (const environment of ["live", "test"] as const) {
      const key = await seedApiKey(org.organizationId, { environment, permissions: [route.scope] });
      const res = await callKeyRoute(route, { token: key.rawKey });
      expect(res.status, environment).toBe(route.passes[environment]);
    }
  });

  if (route.params?.messageId) {
    it("answers 404 for another organization's message, as for a missing one", async () => {
      const other = await seedOrganization();
      const id = newId("msg");
      await getDb().message.create({
        data: {
          id,
          organizationId: other.organizationId,
          environment: "test",
          to: "+14155550123",
          from: "SG",
          body: "theirs",
          segments: 1,
          encoding: "GSM-7",
        },
      });
      const key = await seedApiKey(org.organizationId);
      const res = await call(route.handler, `/api/v1/sms/${id}/status`, {
        token: key.rawKey,
        params: { messageId: id },
      });
      expectError(res, 404, "not_found");
      expect(res.text).not.toContain("theirs");
    });
  }

  if (route.params?.id && route.path.startsWith("/api/v1/contacts/ct_")) {
    it("answers 404 for another organization's contact, as for a missing one", async () => {
      const other = await seedOrganization();
      const id = newId("ct");
      await getDb().contact.create({
        data: { id, organizationId: other.organizationId, phone: "+14155550123", firstName: "Theirs" },
      });
      const key = await seedApiKey(org.organizationId);
      const res = await call(route.handler, `/api/v1/contacts/${id}`, {
        method: route.method,
        body: route.body,
        token: key.rawKey,
        params: { id },
      });
      expectError(res, 404, "not_found");
      expect(res.text).not.toContain("Theirs");
      expect((await getDb().contact.findFirst({ where: { id } }))?.firstName).toBe("Theirs");
    });
  }

  if (route.params?.phone) {
    it("answers 404 for another organization's opt-out, and leaves it in place", async () => {
      const other = await seedOrganization();
      const phone = route.params!.phone!;
      await getDb().contactOptOut.create({ data: { organizationId: other.organizationId, phone, source: "api" } });
      const key = await seedApiKey(org.organizationId);
      expectError(await callKeyRoute(route, { token: key.rawKey }), 404, "not_found");
      const theirs = { organizationId_phone: { organizationId: other.organizationId, phone } };
      expect(await getDb().contactOptOut.findUnique({ where: theirs })).not.toBeNull();
    });
  }

  if (route.body) {
    it("validates the body after authentication", async () => {
      const key = await seedApiKey(org.organizationId);
      const res = await callKeyRoute(route, { token: key.rawKey, body: { unexpected: true } });
      expectError(res, 400, "invalid_request");
      expect(res.json.error.details.length).toBeGreaterThan(0);
    });
  }
});
