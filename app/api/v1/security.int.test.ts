// One security suite over every route: each API-key route and each management route is called
// with every kind of wrong credential, and must answer the contract's code for it.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { signAccessToken } from "@/server/auth/jwt";
import { setApiKeyActive } from "@/server/api-keys/update-api-key";
import { getDb } from "@/server/db/client";
import { newId } from "@/server/ids";
import type { Permission } from "@/schemas/permissions";
import type { Action, Role } from "@/schemas/roles";
import { can } from "@/schemas/roles";
import * as smsSend from "./sms/send/route";
import * as smsBulk from "./sms/bulk/route";
import * as otpSend from "./otp/send/route";
import * as otpVerify from "./otp/verify/route";
import * as smsStatus from "./sms/[messageId]/status/route";
import * as keys from "./developer/api-keys/route";
import * as keyById from "./developer/api-keys/[id]/route";
import * as regenerate from "./developer/api-keys/[id]/regenerate/route";
import * as enable from "./developer/api-keys/[id]/enable/route";
import * as disable from "./developer/api-keys/[id]/disable/route";
import * as rateLimits from "./developer/rate-limits/route";
import * as webhooks from "./developer/webhooks/route";
import * as webhookById from "./developer/webhooks/[id]/route";
import * as webhookTest from "./developer/webhooks/[id]/test/route";
import * as webhookDeliveries from "./developer/webhooks/[id]/deliveries/route";
import * as redeliverRoute from "./developer/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import { createWebhook } from "@/server/webhooks/create-webhook";

type Handler = Parameters<typeof call>[0];

interface ApiKeyRoute {
  name: string;
  handler: Handler;
  method: string;
  path: string;
  scope: Permission;
  body?: unknown;
  params?: Record<string, string>;
  /** What an authenticated, permitted call answers, per key environment (sends: 503 while no live provider). */
  passes: { test: number; live: number };
}

const API_KEY_ROUTES: ApiKeyRoute[] = [
  {
    name: "POST /sms/send",
    handler: smsSend.POST,
    method: "POST",
    path: "/api/v1/sms/send",
    scope: "sms.send",
    body: { to: "+14155550123", body: "hi" },
    passes: { test: 202, live: 503 },
  },
  {
    name: "POST /sms/bulk",
    handler: smsBulk.POST,
    method: "POST",
    path: "/api/v1/sms/bulk",
    scope: "sms.send",
    body: { messages: [{ to: "+14155550123", body: "hi" }] },
    passes: { test: 202, live: 503 },
  },
  {
    name: "POST /otp/send",
    handler: otpSend.POST,
    method: "POST",
    path: "/api/v1/otp/send",
    scope: "otp.send",
    body: { to: "+14155550123" },
    passes: { test: 202, live: 503 },
  },
  {
    name: "POST /otp/verify",
    handler: otpVerify.POST,
    method: "POST",
    path: "/api/v1/otp/verify",
    scope: "otp.verify",
    body: { to: "+14155550123", code: "123456" },
    passes: { test: 200, live: 200 },
  },
  {
    name: "GET /sms/:id/status",
    handler: smsStatus.GET,
    method: "GET",
    path: "/api/v1/sms/msg_x/status",
    scope: "sms.read",
    params: { messageId: "msg_x" },
    // msg_x does not exist: authenticated and permitted, then not found.
    passes: { test: 404, live: 404 },
  },
];

interface ManagementRoute {
  name: string;
  handler: Handler;
  method: string;
  path: (params: Record<string, string>) => string;
  action: Action;
  body?: unknown;
  /** Routes addressing one resource: another organization's id must answer 404. */
  byId: boolean;
  /** Creates the resource the route addresses and returns its path params (default: an API key). */
  seed?: (organizationId: string) => Promise<Record<string, string>>;
}

const seedKeyResource = async (organizationId: string): Promise<Record<string, string>> => ({
  id: (await seedApiKey(organizationId)).id,
});

/** A webhook (public URL: nothing is ever delivered) with one logged delivery. */
async function seedWebhookResource(organizationId: string) {
  const webhook = await createWebhook(getDb(), organizationId, {
    name: "security",
    url: "https://hooks.example.com/security",
    events: ["*"],
  });
  const delivery = await getDb().webhookDelivery.create({
    data: {
      id: newId("dlv"),
      organizationId,
      webhookId: webhook.id,
      eventId: newId("evt"),
      event: "otp.sent",
      body: "{}",
      status: "FAILED",
      nextAttemptAt: null,
    },
  });
  return { id: webhook.id, deliveryId: delivery.id };
}

/** What a refused request must not have changed. */
async function snapshot(params: Record<string, string>) {
  const db = getDb();
  return {
    key: await db.apiKey.findUnique({ where: { id: params.id } }),
    webhook: await db.webhook.findUnique({ where: { id: params.id } }),
    delivery: params.deliveryId
      ? await db.webhookDelivery.findUnique({ where: { id: params.deliveryId }, include: { attempts: true } })
      : null,
  };
}

const MANAGEMENT_ROUTES: ManagementRoute[] = [
  {
    name: "GET /developer/api-keys",
    handler: keys.GET,
    method: "GET",
    path: () => "/api/v1/developer/api-keys",
    action: "apiKeys.read",
    byId: false,
  },
  {
    name: "POST /developer/api-keys",
    handler: keys.POST,
    method: "POST",
    path: () => "/api/v1/developer/api-keys",
    action: "apiKeys.manage",
    body: { name: "k" },
    byId: false,
  },
  {
    name: "GET /developer/api-keys/:id",
    handler: keyById.GET,
    method: "GET",
    path: (p) => `/api/v1/developer/api-keys/${p.id}`,
    action: "apiKeys.read",
    byId: true,
  },
  {
    name: "PATCH /developer/api-keys/:id",
    handler: keyById.PATCH,
    method: "PATCH",
    path: (p) => `/api/v1/developer/api-keys/${p.id}`,
    action: "apiKeys.manage",
    body: { name: "renamed" },
    byId: true,
  },
  {
    name: "DELETE /developer/api-keys/:id",
    handler: keyById.DELETE,
    method: "DELETE",
    path: (p) => `/api/v1/developer/api-keys/${p.id}`,
    action: "apiKeys.manage",
    byId: true,
  },
  {
    name: "POST /developer/api-keys/:id/regenerate",
    handler: regenerate.POST,
    method: "POST",
    path: (p) => `/api/v1/developer/api-keys/${p.id}/regenerate`,
    action: "apiKeys.manage",
    body: {},
    byId: true,
  },
  {
    name: "POST /developer/api-keys/:id/enable",
    handler: enable.POST,
    method: "POST",
    path: (p) => `/api/v1/developer/api-keys/${p.id}/enable`,
    action: "apiKeys.manage",
    byId: true,
  },
  {
    name: "POST /developer/api-keys/:id/disable",
    handler: disable.POST,
    method: "POST",
    path: (p) => `/api/v1/developer/api-keys/${p.id}/disable`,
    action: "apiKeys.manage",
    byId: true,
  },
  {
    name: "GET /developer/rate-limits",
    handler: rateLimits.GET,
    method: "GET",
    path: () => "/api/v1/developer/rate-limits",
    action: "rateLimits.read",
    byId: false,
  },
  {
    name: "PATCH /developer/rate-limits",
    handler: rateLimits.PATCH,
    method: "PATCH",
    path: () => "/api/v1/developer/rate-limits",
    action: "rateLimits.manage",
    body: { enabled: true },
    byId: false,
  },
  {
    name: "GET /developer/webhooks",
    handler: webhooks.GET,
    method: "GET",
    path: () => "/api/v1/developer/webhooks",
    action: "webhooks.read",
    byId: false,
  },
  {
    name: "POST /developer/webhooks",
    handler: webhooks.POST,
    method: "POST",
    path: () => "/api/v1/developer/webhooks",
    action: "webhooks.manage",
    body: { name: "w", url: "https://hooks.example.com/new", events: ["*"] },
    byId: false,
  },
  ...(
    [
      ["GET", webhookById.GET, "", "webhooks.read", undefined],
      ["PATCH", webhookById.PATCH, "", "webhooks.manage", { name: "renamed" }],
      ["DELETE", webhookById.DELETE, "", "webhooks.manage", undefined],
      ["POST", webhookTest.POST, "/test", "webhooks.manage", undefined],
      ["GET", webhookDeliveries.GET, "/deliveries", "webhooks.read", undefined],
    ] as const
  ).map(([method, handler, suffix, action, body]): ManagementRoute => ({
    name: `${method} /developer/webhooks/:id${suffix}`,
    handler,
    method,
    path: (p) => `/api/v1/developer/webhooks/${p.id}${suffix}`,
    action,
    body,
    byId: true,
    seed: seedWebhookResource,
  })),
  {
    name: "POST /developer/webhooks/:id/deliveries/:deliveryId/redeliver",
    handler: redeliverRoute.POST,
    method: "POST",
    path: (p) => `/api/v1/developer/webhooks/${p.id}/deliveries/${p.deliveryId}/redeliver`,
    action: "webhooks.manage",
    byId: true,
    seed: seedWebhookResource,
  },
];

const EDGE = "security-suite-edge-token";
globalThis.__signalgateEdgeToken = EDGE;
const fromIp = (ip: string) => ({ "x-sg-edge": EDGE, "x-sg-client-ip": ip });

function callKeyRoute(
  route: ApiKeyRoute,
  options: { token?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  return call(route.handler, route.path, {
    method: route.method,
    body: options.body ?? route.body,
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
    await setApiKeyActive(getDb(), org.organizationId, key.id, false);
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

  if (route.body) {
    it("validates the body after authentication", async () => {
      const key = await seedApiKey(org.organizationId);
      const res = await callKeyRoute(route, { token: key.rawKey, body: { unexpected: true } });
      expectError(res, 400, "invalid_request");
      expect(res.json.error.details.length).toBeGreaterThan(0);
    });
  }
});

describe.each(MANAGEMENT_ROUTES)("management route $name", (route) => {
  let owner: SeededMember;
  let resource: Record<string, string>;
  const seed = route.seed ?? seedKeyResource;

  beforeAll(async () => {
    owner = await seedOrganization("owner");
    resource = await seed(owner.organizationId);
  });

  const send = (token: string | undefined, params = resource, headers?: Record<string, string>) =>
    call(route.handler, route.path(params), { method: route.method, body: route.body, params, token, headers });

  it("needs a token", async () => {
    expectError(await send(undefined), 401, "unauthenticated");
    expectError(await send("not.a.jwt"), 401, "unauthenticated");
  });

  it("rejects an expired token and a token signed with another key", async () => {
    const { token } = await signAccessToken(
      { sub: owner.userId, org: owner.organizationId, role: "owner" },
      new Date(Date.now() - 3_600_000),
    );
    expectError(await send(token), 401, "token_expired");
    const [h, p] = owner.accessToken.split(".");
    expectError(await send(`${h}.${p}.${"A".repeat(43)}`), 401, "unauthenticated");
  });

  it("refuses an API key with wrong_credential_type", async () => {
    const key = await seedApiKey(owner.organizationId);
    expectError(await send(key.rawKey), 401, "wrong_credential_type");
  });

  if (route.byId) {
    it("answers 404 for another organization's resource, as for a missing one, and leaves it untouched", async () => {
      const other = await seedOrganization("owner");
      const foreign = await seed(other.organizationId);
      const before = await snapshot(foreign);
      expectError(await send(owner.accessToken, foreign), 404, "not_found");
      const missing = Object.fromEntries(Object.keys(foreign).map((k) => [k, `${k}_doesnotexist`]));
      expectError(await send(owner.accessToken, missing), 404, "not_found");
      expect(await snapshot(foreign)).toEqual(before);
    });
    // The same with another tenant's delivery under one of our own webhooks.
    if (route.seed && route.path({ id: "x", deliveryId: "y" }).includes("/y/")) {
      it("answers 404 for another organization's delivery under our webhook", async () => {
        const other = await seedOrganization("owner");
        const foreign = await seed(other.organizationId);
        const res = await send(owner.accessToken, { id: resource.id!, deliveryId: foreign.deliveryId! });
        expectError(res, 404, "not_found");
      });
    }
  }

  it.each<Role>(["admin", "developer", "support"])("applies the %s role's rights", async (role) => {
    const member = await seedMember(owner.organizationId, role);
    const res = await send(member.accessToken, await seed(owner.organizationId));
    if (can(role, route.action)) {
      expect(res.status).toBeLessThan(300);
    } else {
      expectError(res, 403, "forbidden");
      expect(res.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    }
  });
});
