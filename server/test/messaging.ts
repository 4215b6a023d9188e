import { getDb } from "../db/client";
import { handOffQueued } from "../messages/pipeline/hand-off";
import { deliverSandboxReceipts } from "../messages/pipeline/sandbox-receipts";
import { call } from "./http";
import { seedApiKey, seedOrganization } from "./seed";
import * as smsSend from "@/app/api/v1/sms/send/route";
import * as smsBulk from "@/app/api/v1/sms/bulk/route";
import * as smsStatus from "@/app/api/v1/sms/[messageId]/status/route";
import * as otpSend from "@/app/api/v1/otp/send/route";
import * as otpVerify from "@/app/api/v1/otp/verify/route";

/** An organization with a sandbox key (all permissions) and, when asked, a live one. */
export async function seedSender(options: { rateLimitEnabled?: boolean } = {}) {
  const org = await seedOrganization("owner");
  // Tests send more than the default 100/min; the limiter has its own tests.
  if (options.rateLimitEnabled !== true) {
    await getDb().organization.update({ where: { id: org.organizationId }, data: { rateLimitEnabled: false } });
  }
  const test = await seedApiKey(org.organizationId, { environment: "test" });
  const live = await seedApiKey(org.organizationId, { environment: "live" });
  return { ...org, testKey: test.rawKey, liveKey: live.rawKey, testKeyId: test.id };
}

type Headers = Record<string, string>;

export const api = {
  send: (key: string, body: unknown, headers: Headers = {}) =>
    call(smsSend.POST, "/api/v1/sms/send", { token: key, body, headers }),
  bulk: (key: string, body: unknown, headers: Headers = {}) =>
    call(smsBulk.POST, "/api/v1/sms/bulk", { token: key, body, headers }),
  status: (key: string, messageId: string) =>
    call(smsStatus.GET, `/api/v1/sms/${messageId}/status`, { token: key, params: { messageId } }),
  otpSend: (key: string, body: unknown, headers: Headers = {}) =>
    call(otpSend.POST, "/api/v1/otp/send", { token: key, body, headers }),
  otpVerify: (key: string, body: unknown) => call(otpVerify.POST, "/api/v1/otp/verify", { token: key, body }),
};

/**
 * Hand every due message of the organization to its carrier, then play its due sandbox receipts
 * (no delay). Scoped to one organization: on PostgreSQL, test files share the database.
 */
export async function runPipeline(organizationId: string, now: Date = new Date()): Promise<void> {
  while ((await handOffQueued({ now: () => now, organizationId })) > 0);
  while ((await deliverSandboxReceipts(now, 0, 1000, organizationId)) > 0);
}

/** The outbox events of one organization, oldest first. */
export async function eventsOf(organizationId: string) {
  return getDb().outboxEvent.findMany({ where: { organizationId }, orderBy: [{ occurredAt: "asc" }, { id: "asc" }] });
}
