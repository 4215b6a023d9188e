// The management routes' table of the security suite (security-management.int.test.ts); its seeds and
// snapshot are in security-management-seeds.ts. Not a test file and not a route file (see security-routes.ts).
import type { Action } from "@/schemas/roles";
import * as keys from "./developer/api-keys/route";
import * as keyById from "./developer/api-keys/[id]/route";
import * as regenerate from "./developer/api-keys/[id]/regenerate/route";
import * as enable from "./developer/api-keys/[id]/enable/route";
import * as disable from "./developer/api-keys/[id]/disable/route";
import * as rateLimits from "./developer/rate-limits/route";
import * as webhooks from "./developer/webhooks/route";
import * as webhookById from "./developer/webhooks/[id]/route";
import * as webhookTest from "./developer/webhooks/[id]/test/route";
import * as revealSecret from "./developer/webhooks/[id]/reveal-secret/route";
import * as webhookDeliveries from "./developer/webhooks/[id]/deliveries/route";
import * as redeliverRoute from "./developer/webhooks/[id]/deliveries/[deliveryId]/redeliver/route";
import * as auditLog from "./developer/audit-log/route";
import * as billing from "./developer/billing/route";
import * as usage from "./developer/usage/route";
import * as statements from "./developer/billing/statements/route";
import * as statement from "./developer/billing/statements/[period]/route";
import * as inboundSettings from "./developer/inbound-settings/route";
import * as contactSettings from "./developer/contact-settings/route";
import * as invitations from "./developer/members/invitations/route";
import * as invitationById from "./developer/members/invitations/[id]/route";
import * as me from "./auth/me/route";
import * as sessions from "./auth/sessions/route";
import * as resendVerification from "./auth/verify-email/resend/route";
import * as fraudGuard from "./developer/fraud-guard/route";
import * as fraudBlocks from "./developer/fraud-guard/blocks/route";
import * as fraudBlockByPrefix from "./developer/fraud-guard/blocks/[prefix]/route";
import * as securitySettings from "./developer/security-settings/route";
import * as senderPools from "./developer/sender-pools/route";
import * as senderPoolById from "./developer/sender-pools/[id]/route";
import type { Handler } from "./security-routes";
import {
  seedFraudBlock,
  seedInvitationResource,
  seedSenderPoolResource,
  seedWebhookResource,
} from "./security-management-seeds";

export interface ManagementRoute {
  name: string;
  handler: Handler;
  method: string;
  path: (params: Record<string, string>) => string;
  /** null: the caller's own account (contract §14), open to every role. */
  action: Action | null;
  body?: unknown;
  /** Routes addressing one resource: another organization's id must answer 404. */
  byId: boolean;
  /** Creates the resource the route addresses and returns its path params (default: an API key). */
  seed?: (organizationId: string) => Promise<Record<string, string>>;
}

export const MANAGEMENT_ROUTES: ManagementRoute[] = [
  {
    name: "GET /developer/members/invitations",
    handler: invitations.GET,
    method: "GET",
    path: () => "/api/v1/developer/members/invitations",
    action: "members.manage",
    byId: false,
  },
  {
    name: "POST /developer/members/invitations",
    handler: invitations.POST,
    method: "POST",
    path: () => "/api/v1/developer/members/invitations",
    action: "members.manage",
    body: { email: "security-invitee@example.com", role: "developer" },
    byId: false,
  },
  {
    name: "DELETE /developer/members/invitations/:id",
    handler: invitationById.DELETE,
    method: "DELETE",
    path: (p) => `/api/v1/developer/members/invitations/${p.id}`,
    action: "members.manage",
    byId: true,
    seed: seedInvitationResource,
  },
  {
    name: "GET /auth/me",
    handler: me.GET,
    method: "GET",
    path: () => "/api/v1/auth/me",
    action: null,
    byId: false,
  },
  {
    name: "GET /auth/sessions",
    handler: sessions.GET,
    method: "GET",
    path: () => "/api/v1/auth/sessions",
    action: null,
    byId: false,
  },
  {
    name: "POST /auth/verify-email/resend",
    handler: resendVerification.POST,
    method: "POST",
    path: () => "/api/v1/auth/verify-email/resend",
    action: null,
    byId: false,
  },
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
    name: "GET /developer/contact-settings",
    handler: contactSettings.GET,
    method: "GET",
    path: () => "/api/v1/developer/contact-settings",
    action: "contacts.read",
    byId: false,
  },
  {
    name: "PATCH /developer/contact-settings",
    handler: contactSettings.PATCH,
    method: "PATCH",
    path: () => "/api/v1/developer/contact-settings",
    action: "contacts.manage",
    body: { defaultCountry: "US" },
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
      ["POST", revealSecret.POST, "/reveal-secret", "webhooks.revealSecret", undefined],
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
    name: "GET /developer/sender-pools",
    handler: senderPools.GET,
    method: "GET",
    path: () => "/api/v1/developer/sender-pools",
    action: "senderPools.read",
    byId: false,
  },
  {
    name: "POST /developer/sender-pools",
    handler: senderPools.POST,
    method: "POST",
    path: () => "/api/v1/developer/sender-pools",
    action: "senderPools.manage",
    body: { name: "security", alphanumericSenderId: "Acme" },
    byId: false,
  },
  ...(
    [
      ["GET", senderPoolById.GET, "senderPools.read", undefined],
      ["PATCH", senderPoolById.PATCH, "senderPools.manage", { name: "renamed" }],
      ["DELETE", senderPoolById.DELETE, "senderPools.manage", undefined],
    ] as const
  ).map(([method, handler, action, body]): ManagementRoute => ({
    name: `${method} /developer/sender-pools/:id`,
    handler,
    method,
    path: (p) => `/api/v1/developer/sender-pools/${p.id}`,
    action,
    body,
    byId: true,
    seed: seedSenderPoolResource,
  })),
  {
    name: "POST /developer/webhooks/:id/deliveries/:deliveryId/redeliver",
    handler: redeliverRoute.POST,
    method: "POST",
    path: (p) => `/api/v1/developer/webhooks/${p.id}/deliveries/${p.deliveryId}/redeliver`,
    action: "webhooks.redeliver",
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
  {
    name: "GET /developer/fraud-guard",
    handler: fraudGuard.GET,
    method: "GET",
    path: () => "/api/v1/developer/fraud-guard",
    action: "fraudGuard.read",
    byId: false,
  },
  {
    name: "PATCH /developer/fraud-guard",
    handler: fraudGuard.PATCH,
    method: "PATCH",
    path: () => "/api/v1/developer/fraud-guard",
    action: "fraudGuard.manage",
    body: { level: "strict" },
    byId: false,
  },
  {
    name: "GET /developer/fraud-guard/blocks",
    handler: fraudBlocks.GET,
    method: "GET",
    path: () => "/api/v1/developer/fraud-guard/blocks",
    action: "fraudGuard.read",
    byId: false,
  },
  {
    name: "DELETE /developer/fraud-guard/blocks/:prefix",
    handler: fraudBlockByPrefix.DELETE,
    method: "DELETE",
    path: (p) => `/api/v1/developer/fraud-guard/blocks/${encodeURIComponent(p.prefix!)}`,
    action: "fraudGuard.manage",
    byId: true,
    seed: seedFraudBlock,
  },
  {
    // Every member reads whether two-factor is required of them (action null: open to every role).
    name: "GET /developer/security-settings",
    handler: securitySettings.GET,
    method: "GET",
    path: () => "/api/v1/developer/security-settings",
    action: null,
    byId: false,
  },
  {
    name: "PATCH /developer/security-settings",
    handler: securitySettings.PATCH,
    method: "PATCH",
    path: () => "/api/v1/developer/security-settings",
    action: "security.manage",
    body: { requireMfa: false },
    byId: false,
  },
];
