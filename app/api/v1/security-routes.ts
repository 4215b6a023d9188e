// The route tables of the security suite (security-api-key.int.test.ts and
// security-management.int.test.ts), with the seeds and snapshot they use. Not a test file and not
// a route file: vitest runs only *.test.ts, Next.js and the OpenAPI walk only route.ts.
import { call } from "@/server/test/http";
import { seedApiKey } from "@/server/test/seed";
import { getDb } from "@/server/db/client";
import { newId } from "@/server/ids";
import type { Permission } from "@/schemas/permissions";
import type { Action } from "@/schemas/roles";
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
import * as auditLog from "./developer/audit-log/route";
import * as smsQuote from "./sms/quote/route";
import * as smsHistory from "./sms/route";
import * as analyticsMessages from "./analytics/messages/route";
import * as analyticsOtp from "./analytics/otp/route";
import * as smsBatch from "./sms/batches/[batchId]/route";
import * as billing from "./developer/billing/route";
import * as usage from "./developer/usage/route";
import * as statements from "./developer/billing/statements/route";
import * as statement from "./developer/billing/statements/[period]/route";
import * as pricing from "./pricing/sms/route";
import * as pricingCountry from "./pricing/sms/[country]/route";
import * as contacts from "./contacts/route";
import * as contactById from "./contacts/[id]/route";
import * as optOuts from "./contacts/opt-outs/route";
import * as optOutByPhone from "./contacts/opt-outs/[phone]/route";
import * as ownNumbers from "./numbers/route";
import * as smsInbound from "./sms/inbound/route";
import * as inboundSettings from "./developer/inbound-settings/route";
import * as contactsExport from "./contacts/export/route";
import * as contactImportById from "./contacts/imports/[id]/route";
import { createWebhook } from "@/server/webhooks/create-webhook";
import { SYSTEM_ACTOR } from "@/server/audit/actor";

let freshPhones = 0;

export type Handler = Parameters<typeof call>[0];

export interface ApiKeyRoute {
  name: string;
  handler: Handler;
  method: string;
  path: string;
  scope: Permission;
  body?: unknown;
  /** A new body for each call, for routes whose success cannot repeat (a contact's phone is unique). */
  freshBody?: () => unknown;
  params?: Record<string, string>;
  /** What an authenticated, permitted call answers, per key environment (sends: 503 while no live provider). */
  passes: { test: number; live: number };
}

export const API_KEY_ROUTES: ApiKeyRoute[] = [
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
  {
    name: "GET /sms",
    handler: smsHistory.GET,
    method: "GET",
    path: "/api/v1/sms",
    scope: "sms.read",
    passes: { test: 200, live: 200 },
  },
  {
    name: "GET /sms/batches/:batchId",
    handler: smsBatch.GET,
    method: "GET",
    path: "/api/v1/sms/batches/bat_x",
    scope: "sms.read",
    params: { batchId: "bat_x" },
    // bat_x does not exist: authenticated and permitted, then not found.
    passes: { test: 404, live: 404 },
  },
  {
    name: "GET /analytics/messages",
    handler: analyticsMessages.GET,
    method: "GET",
    path: "/api/v1/analytics/messages",
    scope: "analytics.read",
    passes: { test: 200, live: 200 },
  },
  {
    name: "GET /analytics/otp",
    handler: analyticsOtp.GET,
    method: "GET",
    path: "/api/v1/analytics/otp",
    scope: "analytics.read",
    passes: { test: 200, live: 200 },
  },
  {
    name: "POST /sms/quote",
    handler: smsQuote.POST,
    method: "POST",
    path: "/api/v1/sms/quote",
    scope: "sms.send",
    body: { to: "+14155550123", body: "hi" },
    passes: { test: 200, live: 200 },
  },
  {
    name: "GET /contacts",
    handler: contacts.GET,
    method: "GET",
    path: "/api/v1/contacts",
    scope: "contacts.read",
    passes: { test: 200, live: 200 },
  },
  {
    name: "POST /contacts",
    handler: contacts.POST,
    method: "POST",
    path: "/api/v1/contacts",
    scope: "contacts.write",
    body: { phone: "+14155550123" },
    freshBody: () => ({ phone: `+1415555${String(1000 + (freshPhones++ % 9000))}` }),
    passes: { test: 201, live: 201 },
  },
  ...(["GET", "PATCH", "DELETE"] as const).map((method): ApiKeyRoute => ({
    name: `${method} /contacts/:id`,
    handler: contactById[method],
    method,
    path: "/api/v1/contacts/ct_x",
    scope: method === "GET" ? "contacts.read" : "contacts.write",
    ...(method === "PATCH" ? { body: { firstName: "Ada" } } : {}),
    params: { id: "ct_x" },
    // ct_x does not exist: authenticated and permitted, then not found.
    passes: { test: 404, live: 404 },
  })),
  {
    name: "GET /contacts/opt-outs",
    handler: optOuts.GET,
    method: "GET",
    path: "/api/v1/contacts/opt-outs",
    scope: "contacts.read",
    passes: { test: 200, live: 200 },
  },
  {
    name: "POST /contacts/opt-outs",
    handler: optOuts.POST,
    method: "POST",
    path: "/api/v1/contacts/opt-outs",
    scope: "contacts.write",
    body: { phone: "+14155550123" },
    passes: { test: 201, live: 201 },
  },
  {
    name: "DELETE /contacts/opt-outs/:phone",
    handler: optOutByPhone.DELETE,
    method: "DELETE",
    path: "/api/v1/contacts/opt-outs/+14155550199",
    scope: "contacts.write",
    params: { phone: "+14155550199" },
    // Not opted out in this organization: authenticated and permitted, then not found.
    passes: { test: 404, live: 404 },
  },
  {
    name: "GET /contacts/export",
    handler: contactsExport.GET,
    method: "GET",
    path: "/api/v1/contacts/export",
    scope: "contacts.read",
    passes: { test: 200, live: 200 },
  },
  {
    name: "GET /contacts/imports/:id",
    handler: contactImportById.GET,
    method: "GET",
    path: "/api/v1/contacts/imports/imp_x",
    scope: "contacts.read",
    params: { id: "imp_x" },
    // imp_x does not exist: authenticated and permitted, then not found.
    passes: { test: 404, live: 404 },
  },
  {
    name: "GET /numbers",
    handler: ownNumbers.GET,
    method: "GET",
    path: "/api/v1/numbers",
    scope: "sms.read",
    passes: { test: 200, live: 200 },
  },
  {
    name: "POST /sms/inbound",
    handler: smsInbound.POST,
    method: "POST",
    path: "/api/v1/sms/inbound",
    scope: "sms.send",
    body: { from: "+14155550123", body: "hi" },
    // The simulator is for the sandbox: a live key is authenticated and permitted, then refused.
    passes: { test: 201, live: 403 },
  },
];

/** Public reference data: any API key (whatever its permissions) or any member's access token. */
export interface AnyCredentialRoute {
  name: string;
  handler: Handler;
  path: string;
  params?: Record<string, string>;
}

export const ANY_CREDENTIAL_ROUTES: AnyCredentialRoute[] = [
  { name: "GET /pricing/sms", handler: pricing.GET, path: "/api/v1/pricing/sms" },
  {
    name: "GET /pricing/sms/:country",
    handler: pricingCountry.GET,
    path: "/api/v1/pricing/sms/FR",
    params: { country: "FR" },
  },
];

export interface ManagementRoute {
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

export const seedKeyResource = async (organizationId: string): Promise<Record<string, string>> => ({
  id: (await seedApiKey(organizationId)).id,
});

/** A webhook (public URL: nothing is ever delivered) with one logged delivery. */
export async function seedWebhookResource(organizationId: string) {
  const webhook = await createWebhook(
    getDb(),
    organizationId,
    {
      name: "security",
      url: "https://hooks.example.com/security",
      events: ["*"],
    },
    SYSTEM_ACTOR,
  );
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
export async function snapshot(params: Record<string, string>) {
  const db = getDb();
  return {
    key: await db.apiKey.findUnique({ where: { id: params.id } }),
    webhook: await db.webhook.findUnique({ where: { id: params.id } }),
    delivery: params.deliveryId
      ? await db.webhookDelivery.findUnique({ where: { id: params.deliveryId }, include: { attempts: true } })
      : null,
  };
}

export const MANAGEMENT_ROUTES: ManagementRoute[] = [
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
    name: "GET /developer/inbound-settings",
    handler: inboundSettings.GET,
    method: "GET",
    path: () => "/api/v1/developer/inbound-settings",
    action: "inbound.read",
    byId: false,
  },
  {
    name: "PATCH /developer/inbound-settings",
    handler: inboundSettings.PATCH,
    method: "PATCH",
    path: () => "/api/v1/developer/inbound-settings",
    action: "inbound.manage",
    body: { helpReply: "Reply STOP to stop." },
    byId: false,
  },
  {
    name: "GET /developer/billing",
    handler: billing.GET,
    method: "GET",
    path: () => "/api/v1/developer/billing",
    action: "billing.read",
    byId: false,
  },
  {
    name: "PATCH /developer/billing",
    handler: billing.PATCH,
    method: "PATCH",
    path: () => "/api/v1/developer/billing",
    action: "billing.manage",
    body: { alertThresholds: [50, 90] },
    byId: false,
  },
  {
    name: "GET /developer/usage",
    handler: usage.GET,
    method: "GET",
    path: () => "/api/v1/developer/usage",
    action: "billing.read",
    byId: false,
  },
  {
    name: "GET /developer/billing/statements",
    handler: statements.GET,
    method: "GET",
    path: () => "/api/v1/developer/billing/statements",
    action: "billing.read",
    byId: false,
  },
  {
    name: "GET /developer/billing/statements/:period",
    handler: statement.GET,
    method: "GET",
    path: (params) => `/api/v1/developer/billing/statements/${params.period}`,
    action: "billing.read",
    byId: false,
    // The open month always has a statement.
    seed: async () => ({ period: new Date().toISOString().slice(0, 7) }),
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
  {
    // Another tenant's entries never appear: developer/audit-log/audit-log.int.test.ts checks the list.
    name: "GET /developer/audit-log",
    handler: auditLog.GET,
    method: "GET",
    path: () => "/api/v1/developer/audit-log",
    action: "auditLog.read",
    byId: false,
  },
];
