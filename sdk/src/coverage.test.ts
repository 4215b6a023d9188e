import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/server/openapi/document";
import { SignalGate } from "./client";
import type { OperationId } from "./core/types";

/**
 * Operations the SDK deliberately leaves out: the service operator's and the carriers' own routes,
 * and health probes for load balancers. Token issuing and refreshing are used by the client itself.
 */
const NOT_IN_SDK = [
  "operatorListNumbers",
  "operatorAssignNumber",
  "operatorReleaseNumber",
  "operatorUpdateNumber",
  "twilioStatusCallback",
  "twilioInboundWebhook",
  "getHealth",
  "getLiveness",
  // Campaign short links are tapped by recipients' phones, not called by API clients.
  "followShortLink",
  "checkShortLink",
] as const;
const USED_INTERNALLY = ["createToken", "refreshToken"] as const;

type Covered = Exclude<OperationId, (typeof NOT_IN_SDK)[number] | (typeof USED_INTERNALLY)[number]>;

// Typed by the generated operation ids: a new operation in the API is a compile error here until
// the SDK has a method for it (or it is listed above with its reason).
const CALLS: Record<Covered, (sg: SignalGate) => Promise<unknown>> = {
  register: (sg) => sg.auth.register({ email: "a@b.test", password: "0123456789", organizationName: "A" }),
  logout: (sg) => sg.auth.logout(),
  listAlerts: (sg) => sg.alerts.list(),
  listRequestLogs: (sg) => sg.requestLogs.list({ status: "4xx" }).firstPage(),
  getRequestLog: (sg) => sg.requestLogs.get("req_1"),
  createAlert: (sg) =>
    sg.alerts.create({ metric: "error_rate", threshold: 0.1, windowMinutes: 60, environment: "live" }),
  getAlert: (sg) => sg.alerts.get("alr_1"),
  updateAlert: (sg) => sg.alerts.update("alr_1", { threshold: 0.2 }),
  deleteAlert: (sg) => sg.alerts.delete("alr_1"),
  listMessages: (sg) => sg.sms.list().firstPage(),
  getBatch: (sg) => sg.sms.batch("bat_1"),
  cancelMessage: (sg) => sg.sms.cancel("msg_1"),
  cancelBatch: (sg) => sg.sms.cancelBatch("bat_1"),
  sendSms: (sg) => sg.sms.send({ to: "+14155550123", body: "x" }),
  sendBulkSms: (sg) => sg.sms.bulk({ messages: [{ to: "+14155550123", body: "x" }] }),
  getMessageStatus: (sg) => sg.sms.status("msg_1"),
  sendOtp: (sg) => sg.otp.send({ to: "+14155550123" }),
  verifyOtp: (sg) => sg.otp.verify({ to: "+14155550123", code: "123456" }),
  getMessageAnalytics: (sg) => sg.analytics.messages(),
  getOtpAnalytics: (sg) => sg.analytics.otp(),
  listSmsPrices: (sg) => sg.pricing.list(),
  getSmsPrice: (sg) => sg.pricing.get("US"),
  quoteSms: (sg) => sg.sms.quote({ to: "+14155550123", body: "x" }),
  listContacts: (sg) => sg.contacts.list().firstPage(),
  createContact: (sg) => sg.contacts.create({ phone: "+14155550123" }),
  importContacts: (sg) => sg.contacts.import("phone\n+14155550123\n"),
  getContactImport: (sg) => sg.contacts.getImport("imp_1"),
  exportContacts: (sg) => sg.contacts.export(),
  listOptOuts: (sg) => sg.optOuts.list().firstPage(),
  createOptOut: (sg) => sg.optOuts.create({ phone: "+14155550123" }),
  deleteOptOut: (sg) => sg.optOuts.delete("+14155550123"),
  getContact: (sg) => sg.contacts.get("ct_1"),
  updateContact: (sg) => sg.contacts.update("ct_1", { firstName: "A" }),
  deleteContact: (sg) => sg.contacts.delete("ct_1"),
  listNumbers: (sg) => sg.numbers.list(),
  listApiKeys: (sg) => sg.apiKeys.list(),
  createApiKey: (sg) => sg.apiKeys.create({ name: "k" }),
  getApiKey: (sg) => sg.apiKeys.get("key_1"),
  updateApiKey: (sg) => sg.apiKeys.update("key_1", { name: "k" }),
  deleteApiKey: (sg) => sg.apiKeys.delete("key_1"),
  regenerateApiKey: (sg) => sg.apiKeys.regenerate("key_1"),
  enableApiKey: (sg) => sg.apiKeys.enable("key_1"),
  disableApiKey: (sg) => sg.apiKeys.disable("key_1"),
  listWebhooks: (sg) => sg.webhooks.list(),
  createWebhook: (sg) => sg.webhooks.create({ name: "w", url: "https://example.com", events: ["*"] }),
  getWebhook: (sg) => sg.webhooks.get("wh_1"),
  updateWebhook: (sg) => sg.webhooks.update("wh_1", { isActive: false }),
  deleteWebhook: (sg) => sg.webhooks.delete("wh_1"),
  testWebhook: (sg) => sg.webhooks.test("wh_1"),
  revealWebhookSecret: (sg) => sg.webhooks.revealSecret("wh_1"),
  listWebhookDeliveries: (sg) => sg.webhooks.deliveries.list("wh_1").firstPage(),
  redeliverWebhookDelivery: (sg) => sg.webhooks.deliveries.redeliver("wh_1", "del_1"),
  getRateLimits: (sg) => sg.rateLimits.get(),
  updateRateLimits: (sg) => sg.rateLimits.update({ perMinute: 10 }),
  getBilling: (sg) => sg.billing.get(),
  updateBilling: (sg) => sg.billing.update({ monthlySpendLimit: null }),
  getUsage: (sg) => sg.usage.get(),
  listStatements: (sg) => sg.billing.statements.list(),
  getStatement: (sg) => sg.billing.statements.get("2026-11"),
  listAuditLog: (sg) => sg.auditLog.list().firstPage(),
  simulateInbound: (sg) => sg.sms.simulateInbound({ from: "+14155550123", body: "STOP" }),
  getInboundSettings: (sg) => sg.inboundSettings.get(),
  updateInboundSettings: (sg) => sg.inboundSettings.update({ keywordsEnabled: false }),
  getContactSettings: (sg) => sg.contactSettings.get(),
  updateContactSettings: (sg) => sg.contactSettings.update({ defaultCountry: "US" }),
  getMe: (sg) => sg.account.me(),
  changePassword: (sg) => sg.account.changePassword({ currentPassword: "x", newPassword: "0123456789" }),
  resendVerificationEmail: (sg) => sg.account.resendVerificationEmail(),
  requestPasswordReset: (sg) => sg.account.requestPasswordReset("a@b.test"),
  confirmPasswordReset: (sg) => sg.account.confirmPasswordReset({ token: "t", password: "0123456789" }),
  acceptInvitation: (sg) => sg.account.acceptInvitation({ token: "t", password: "0123456789" }),
  listSessions: (sg) => sg.account.sessions.list(),
  revokeSession: (sg) => sg.account.sessions.revoke("rtf_1"),
  listInvitations: (sg) => sg.members.invitations.list(),
  createInvitation: (sg) => sg.members.invitations.create({ email: "a@b.test", role: "developer" }),
  revokeInvitation: (sg) => sg.members.invitations.revoke("inv_1"),
  listEvents: (sg) => sg.events.list().firstPage(),
  getEvent: (sg) => sg.events.get("evt_1"),
  resendEvent: (sg) => sg.events.resend("evt_1", { webhookId: "wh_1" }),
  listCampaigns: (sg) => sg.campaigns.list().firstPage(),
  createCampaign: (sg) => sg.campaigns.create({ name: "c", template: "hi" }),
  getCampaign: (sg) => sg.campaigns.get("cmp_1"),
  updateCampaign: (sg) => sg.campaigns.update("cmp_1", { name: "c" }),
  deleteCampaign: (sg) => sg.campaigns.delete("cmp_1"),
  previewCampaign: (sg) => sg.campaigns.preview("cmp_1"),
  testCampaign: (sg) => sg.campaigns.test("cmp_1", { to: "+14155550123" }),
  launchCampaign: (sg) => sg.campaigns.launch("cmp_1"),
  pauseCampaign: (sg) => sg.campaigns.pause("cmp_1"),
  resumeCampaign: (sg) => sg.campaigns.resume("cmp_1"),
  cancelCampaign: (sg) => sg.campaigns.cancel("cmp_1"),
  listCampaignRecipients: (sg) => sg.campaigns.recipients("cmp_1").firstPage(),
  streamEvents: async (sg) => {
    for await (const m of sg.events.stream({ reconnect: false })) void m;
  },
  getFraudGuard: (sg) => sg.fraudGuard.get(),
  updateFraudGuard: (sg) => sg.fraudGuard.update({ level: "strict" }),
  listFraudBlocks: (sg) => sg.fraudGuard.blocks({ status: "active" }),
  unblockFraudPrefix: (sg) => sg.fraudGuard.unblock("+1212736"),
  startTotpEnrollment: (sg) => sg.twoFactor.start(),
  confirmTotpEnrollment: (sg) => sg.twoFactor.confirm("123456"),
  disableTotp: (sg) => sg.twoFactor.disable("123456"),
  regenerateRecoveryCodes: (sg) => sg.twoFactor.regenerateRecoveryCodes("123456"),
  getSecuritySettings: (sg) => sg.securitySettings.get(),
  updateSecuritySettings: (sg) => sg.securitySettings.update({ requireMfa: true }),
};

function documentOperations() {
  const ops = new Map<string, { method: string; path: RegExp; security: string[] }>();
  for (const [template, item] of Object.entries(buildOpenApiDocument().paths ?? {})) {
    for (const method of ["get", "head", "post", "patch", "put", "delete"] as const) {
      const op = item[method];
      if (!op?.operationId) continue;
      const pattern = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "[^/]+");
      const security = (op.security ?? []).flatMap((s) => Object.keys(s));
      ops.set(op.operationId, { method: method.toUpperCase(), path: new RegExp(`^${pattern}$`), security });
    }
  }
  return ops;
}

describe("SDK coverage of the OpenAPI document", () => {
  const ops = documentOperations();

  it("has a method for every operation, or a reason to leave it out", () => {
    const accounted = [...Object.keys(CALLS), ...NOT_IN_SDK, ...USED_INTERNALLY].sort();
    expect(accounted).toEqual([...ops.keys()].sort());
  });

  it.each(Object.entries(CALLS))(
    "%s calls its operation's method and path with its credential",
    async (operationId, call) => {
      const seen: { method: string; path: string; auth: string | null }[] = [];
      const sg = new SignalGate({
        apiKey: "sg_test_key",
        accessToken: "header.payload.signature",
        refreshToken: "rt_1",
        baseUrl: "http://api.test",
        fetch: async (url, init) => {
          seen.push({
            method: String(init.method),
            path: new URL(url).pathname,
            auth: new Headers(init.headers).get("authorization"),
          });
          return new Response(init.method === "DELETE" ? null : "{}", { status: init.method === "DELETE" ? 204 : 200 });
        },
      });
      await call(sg);
      const expected = ops.get(operationId);
      expect(seen).toHaveLength(1);
      expect(seen[0]?.method).toBe(expected?.method);
      expect(seen[0]?.path).toMatch(expected!.path);
      // The API key when the operation takes one, else the access token, else nothing.
      const credential = expected!.security.includes("apiKey")
        ? "Bearer sg_test_key"
        : expected!.security.includes("accessToken")
          ? "Bearer header.payload.signature"
          : null;
      expect(seen[0]?.auth).toBe(credential);
    },
  );
});
