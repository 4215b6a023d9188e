// The route tables of the security suite for API-key and any-credential routes
// (security-api-key.int.test.ts, security-any-credential.int.test.ts); the management routes' table
// is in security-management-routes.ts. Not a test file and not a route file: vitest runs only
// *.test.ts, Next.js and the OpenAPI walk only route.ts.
import { call } from "@/server/test/http";
import type { Permission } from "@/schemas/permissions";
import * as smsSend from "./sms/send/route";
import * as smsBulk from "./sms/bulk/route";
import * as otpSend from "./otp/send/route";
import * as otpVerify from "./otp/verify/route";
import * as smsStatus from "./sms/[messageId]/status/route";
import * as smsQuote from "./sms/quote/route";
import * as smsHistory from "./sms/route";
import * as analyticsMessages from "./analytics/messages/route";
import * as analyticsOtp from "./analytics/otp/route";
import * as smsBatch from "./sms/batches/[batchId]/route";
import * as pricing from "./pricing/sms/route";
import * as pricingCountry from "./pricing/sms/[country]/route";
import * as contacts from "./contacts/route";
import * as contactById from "./contacts/[id]/route";
import * as optOuts from "./contacts/opt-outs/route";
import * as optOutByPhone from "./contacts/opt-outs/[phone]/route";
import * as ownNumbers from "./numbers/route";
import * as smsInbound from "./sms/inbound/route";
import * as contactsExport from "./contacts/export/route";
import * as contactImportById from "./contacts/imports/[id]/route";
import * as smsCancel from "./sms/[messageId]/cancel/route";
import * as smsBatchCancel from "./sms/batches/[batchId]/cancel/route";

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
  {
    name: "POST /sms/:id/cancel",
    handler: smsCancel.POST,
    method: "POST",
    path: "/api/v1/sms/msg_x/cancel",
    scope: "sms.send",
    params: { messageId: "msg_x" },
    // msg_x does not exist: authenticated and permitted, then not found.
    passes: { test: 404, live: 404 },
  },
  {
    name: "POST /sms/batches/:batchId/cancel",
    handler: smsBatchCancel.POST,
    method: "POST",
    path: "/api/v1/sms/batches/bat_x/cancel",
    scope: "sms.send",
    params: { batchId: "bat_x" },
    passes: { test: 404, live: 404 },
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

// Campaign routes (contract §11) take an API key with `campaigns.manage` or a member's access
// token (owner, admin, developer manage; support reads): security-campaigns.int.test.ts. Routes
// under /campaigns/:id get a fresh DRAFT of the caller's organization as `id`.
import * as campaigns from "./campaigns/route";
import * as campaignById from "./campaigns/[id]/route";
import * as campaignPreview from "./campaigns/[id]/preview/route";
import * as campaignTest from "./campaigns/[id]/test/route";
import * as campaignLaunch from "./campaigns/[id]/launch/route";
import * as campaignPause from "./campaigns/[id]/pause/route";
import * as campaignResume from "./campaigns/[id]/resume/route";
import * as campaignCancel from "./campaigns/[id]/cancel/route";
import * as campaignRecipients from "./campaigns/[id]/recipients/route";

export interface CampaignRoute {
  name: string;
  handler: Handler;
  method: string;
  /** `{id}` is replaced by a campaign id. */
  path: string;
  /** Support's role reads (true) or is refused (false). */
  read: boolean;
  body?: unknown;
  /** What an authenticated, permitted call on a fresh DRAFT answers. */
  passes: number;
}

const campaignBody = { name: "Security", template: "Hi {{firstName|there}}" };

export const CAMPAIGN_ROUTES: CampaignRoute[] = [
  { name: "GET /campaigns", handler: campaigns.GET, method: "GET", path: "/api/v1/campaigns", read: true, passes: 200 },
  {
    name: "POST /campaigns",
    handler: campaigns.POST,
    method: "POST",
    path: "/api/v1/campaigns",
    read: false,
    body: campaignBody,
    passes: 201,
  },
  {
    name: "GET /campaigns/:id",
    handler: campaignById.GET,
    method: "GET",
    path: "/api/v1/campaigns/{id}",
    read: true,
    passes: 200,
  },
  {
    name: "PATCH /campaigns/:id",
    handler: campaignById.PATCH,
    method: "PATCH",
    path: "/api/v1/campaigns/{id}",
    read: false,
    body: { name: "Renamed" },
    passes: 200,
  },
  {
    name: "DELETE /campaigns/:id",
    handler: campaignById.DELETE,
    method: "DELETE",
    path: "/api/v1/campaigns/{id}",
    read: false,
    passes: 204,
  },
  {
    name: "POST /campaigns/:id/preview",
    handler: campaignPreview.POST,
    method: "POST",
    path: "/api/v1/campaigns/{id}/preview",
    read: true,
    body: {},
    passes: 200,
  },
  {
    name: "POST /campaigns/:id/test",
    handler: campaignTest.POST,
    method: "POST",
    path: "/api/v1/campaigns/{id}/test",
    read: false,
    body: { to: "+14155550123" },
    passes: 202,
  },
  {
    name: "POST /campaigns/:id/launch",
    handler: campaignLaunch.POST,
    method: "POST",
    path: "/api/v1/campaigns/{id}/launch",
    read: false,
    passes: 200,
  },
  // A DRAFT is neither RUNNING nor PAUSED: past every check, the state answers.
  {
    name: "POST /campaigns/:id/pause",
    handler: campaignPause.POST,
    method: "POST",
    path: "/api/v1/campaigns/{id}/pause",
    read: false,
    passes: 409,
  },
  {
    name: "POST /campaigns/:id/resume",
    handler: campaignResume.POST,
    method: "POST",
    path: "/api/v1/campaigns/{id}/resume",
    read: false,
    passes: 409,
  },
  {
    name: "POST /campaigns/:id/cancel",
    handler: campaignCancel.POST,
    method: "POST",
    path: "/api/v1/campaigns/{id}/cancel",
    read: false,
    passes: 200,
  },
  {
    name: "GET /campaigns/:id/recipients",
    handler: campaignRecipients.GET,
    method: "GET",
    path: "/api/v1/campaigns/{id}/recipients",
    read: true,
    passes: 200,
  },
];
