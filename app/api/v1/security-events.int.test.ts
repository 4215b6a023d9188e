// The security suite for the events API (contract §13): a JWT, or an API key with
// webhooks.manage. Every route is called with every kind of wrong credential, each role, a key
// without the scope and another organization's ids.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectError } from "@/server/test/http";
import { seedApiKey, seedMember, seedOrganization, type SeededMember } from "@/server/test/seed";
import { setApiKeyActive } from "@/server/api-keys/update-api-key";
import { signAccessToken } from "@/server/auth/jwt";
import { getDb } from "@/server/db/client";
import { SYSTEM_ACTOR } from "@/server/audit/actor";
import { newId } from "@/server/ids";
import { createWebhook } from "@/server/webhooks/create-webhook";
import { can, type Action } from "@/schemas/roles";
import * as list from "./developer/events/route";
import * as byId from "./developer/events/[id]/route";
import * as resend from "./developer/events/[id]/resend/route";
import * as stream from "./developer/events/stream/route";

type Handler = typeof list.GET;
interface EventRoute {
  name: string;
  handler: Handler;
  method: string;
  path: (p: Record<string, string>) => string;
  action: Action;
  body?: (p: Record<string, string>) => unknown;
  byId: boolean;
}

const ROUTES: EventRoute[] = [
  {
    name: "GET /developer/events",
    handler: list.GET,
    method: "GET",
    path: () => "/api/v1/developer/events",
    action: "webhooks.read",
    byId: false,
  },
  {
    name: "GET /developer/events/stream",
    handler: stream.GET,
    method: "GET",
    path: () => "/api/v1/developer/events/stream",
    action: "webhooks.read",
    byId: false,
  },
  {
    name: "GET /developer/events/:id",
    handler: byId.GET,
    method: "GET",
    path: (p) => `/api/v1/developer/events/${p.id}`,
    action: "webhooks.read",
    byId: true,
  },
  {
    name: "POST /developer/events/:id/resend",
    handler: resend.POST,
    method: "POST",
    path: (p) => `/api/v1/developer/events/${p.id}/resend`,
    action: "webhooks.redeliver",
    body: (p) => ({ webhookId: p.webhookId }),
    byId: true,
  },
];

/** An event of the organization and a webhook (public URL: nothing is ever delivered in this file). */
async function seedEvent(organizationId: string): Promise<Record<string, string>> {
  const id = newId("evt");
  await getDb().$executeRawUnsafe(
    `INSERT INTO outbox_events (id, organization_id, type, payload, dispatched_at) VALUES ($1, $2, 'message.sent', '{"messageId":"msg_x"}', now())`,
    id,
    organizationId,
  );
  const webhook = await createWebhook(
    getDb(),
    organizationId,
    { name: "security", url: "https://hooks.example.com/events", events: ["*"] },
    SYSTEM_ACTOR,
  );
  return { id, webhookId: webhook.id };
}

describe.each(ROUTES)("events route $name", (route) => {
  let owner: SeededMember;
  let resource: Record<string, string>;
  beforeAll(async () => {
    owner = await seedOrganization("owner");
    resource = await seedEvent(owner.organizationId);
  });
  const send = async (token: string | undefined, params = resource, headers?: Record<string, string>) => {
    const req = new Request(`http://localhost${route.path(params)}`, {
      method: route.method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(route.body ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: route.body ? JSON.stringify(route.body(params)) : undefined,
    });
    const res = await route.handler(req, { params: Promise.resolve(params) });
    // A stream that opened is cancelled rather than read to its (never) end.
    if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
      await res.body?.cancel();
      return { status: res.status, headers: res.headers, json: undefined, text: "" };
    }
    const text = await res.text();
    return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : undefined, text };
  };

  it("needs a credential and refuses malformed, unknown, expired and disabled ones", async () => {
    expectError(await send(undefined), 401, "unauthenticated");
    expectError(await send(undefined, resource, { authorization: "Basic abc" }), 401, "unauthenticated");
    expectError(await send("not.a.jwt"), 401, "unauthenticated");
    expectError(await send("sg_live_" + "a".repeat(40)), 401, "unauthenticated");
    const { token } = await signAccessToken(
      { sub: owner.userId, org: owner.organizationId, role: "owner" },
      new Date(Date.now() - 3_600_000),
    );
    expectError(await send(token), 401, "token_expired");
    const key = await seedApiKey(owner.organizationId, { permissions: ["webhooks.manage"] });
    await setApiKeyActive(getDb(), owner.organizationId, key.id, false, SYSTEM_ACTOR);
    expectError(await send(key.rawKey), 401, "key_disabled");
  });

  it("takes an API key only with webhooks.manage", async () => {
    const without = await seedApiKey(owner.organizationId, { permissions: ["sms.send", "otp.send", "sms.read"] });
    const res = await send(without.rawKey);
    expectError(res, 403, "insufficient_scope");
    expect(res.json.error.message).toContain("webhooks.manage");
    const withScope = await seedApiKey(owner.organizationId, { permissions: ["webhooks.manage"] });
    expect((await send(withScope.rawKey)).status).toBeLessThan(300);
  });

  it.each(["admin", "developer", "support"] as const)("applies the %s role's rights", async (role) => {
    const member = await seedMember(owner.organizationId, role);
    const res = await send(member.accessToken);
    if (can(role, route.action)) expect(res.status).toBeLessThan(300);
    else expectError(res, 403, "forbidden");
  });

  if (route.byId) {
    it("answers 404 for another organization's event or webhook, as for a missing one", async () => {
      const other = await seedOrganization("owner");
      const foreign = await seedEvent(other.organizationId);
      expectError(await send(owner.accessToken, { ...resource, id: foreign.id! }), 404, "not_found");
      expectError(await send(owner.accessToken, { ...resource, id: "evt_doesnotexist" }), 404, "not_found");
      if (route.body) {
        expectError(await send(owner.accessToken, { ...resource, webhookId: foreign.webhookId! }), 404, "not_found");
        expect(await getDb().webhookDelivery.count({ where: { webhookId: foreign.webhookId } })).toBe(0);
      }
    });
  }
});

describe("POST /developer/events/:id/resend", () => {
  it("creates one delivery of the event for the webhook, then redelivers that same delivery", async () => {
    const owner = await seedOrganization("owner");
    const r = await seedEvent(owner.organizationId);
    const first = await call(resend.POST, `/x/${r.id}/resend`, {
      token: owner.accessToken,
      params: { id: r.id! },
      body: { webhookId: r.webhookId },
    });
    expect(first.status).toBe(202);
    expect(first.json).toEqual({ deliveryId: expect.stringMatching(/^dlv_/), status: "PENDING" });
    const delivery = await getDb().webhookDelivery.findFirstOrThrow({ where: { id: first.json.deliveryId } });
    expect(JSON.parse(delivery.body)).toMatchObject({
      id: r.id,
      event: "message.sent",
      payload: { messageId: "msg_x" },
    });
    await getDb().webhookDelivery.updateMany({
      where: { id: delivery.id },
      data: { status: "FAILED", nextAttemptAt: null },
    });
    const again = await call(resend.POST, `/x/${r.id}/resend`, {
      token: owner.accessToken,
      params: { id: r.id! },
      body: { webhookId: r.webhookId },
    });
    expect(again.json.deliveryId).toBe(delivery.id);
    expect(await getDb().webhookDelivery.count({ where: { eventId: r.id } })).toBe(1);
    expectError(
      await call(resend.POST, `/x/${r.id}/resend`, { token: owner.accessToken, params: { id: r.id! }, body: {} }),
      400,
      "invalid_request",
    );
  });
});
