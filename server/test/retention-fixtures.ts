import { getDb, getDriver } from "../db/client";
import { randomBase62, smallestIdAt, type IdPrefix } from "../ids";
import type { RetentionPolicy } from "../retention/policy";
import { runRetention, type RetentionOptions } from "../retention/run-retention";

// Rows of any age for the retention tests: an id made `ageDays` before `now` (ids carry their time).

const DAY_MS = 24 * 60 * 60 * 1000;

export const RETENTION_POLICY: RetentionPolicy = {
  messageBodyDays: 30,
  messageDays: 400,
  outboxEventDays: 7,
  webhookLogDays: 30,
  auditLogDays: 365,
  fraudCounterDays: 7,
  requestLogDays: 30,
};

export const noPause = { minPauseMs: 0, busyShare: 1, sleep: async () => {} } satisfies RetentionOptions;

/**
 * A run over one organization's rows only (on PostgreSQL all test files share a database), without
 * pauses unless `options` ask for them.
 */
export function runRetentionFor(organizationId: string, now: Date, options: RetentionOptions = {}) {
  return runRetention(getDriver(), RETENTION_POLICY, now, { organizationId, ...noPause, ...options });
}

export function idAged(prefix: IdPrefix | "att", now: Date, ageDays: number): string {
  const at = new Date(now.getTime() - ageDays * DAY_MS);
  return `${smallestIdAt(prefix, at).slice(0, prefix.length + 9)}${randomBase62(16)}`;
}

type MessageStatus = "QUEUED" | "SENT" | "DELIVERED" | "FAILED" | "UNDELIVERED";

export async function agedMessage(
  organizationId: string,
  now: Date,
  ageDays: number,
  extra: { status?: MessageStatus; environment?: "live" | "test"; body?: string; otpId?: string } = {},
): Promise<string> {
  const id = idAged("msg", now, ageDays);
  await getDb().message.create({
    data: {
      id,
      organizationId,
      environment: extra.environment ?? "live",
      to: "+14155550123",
      from: "SG",
      body: extra.body ?? `body of ${id}`,
      segments: 1,
      encoding: "GSM-7",
      status: extra.status ?? "DELIVERED",
      otpId: extra.otpId ?? null,
      createdAt: new Date(now.getTime() - ageDays * DAY_MS),
    },
  });
  return id;
}

/** An OTP code with its message, both `ageDays` old. */
export async function agedOtp(organizationId: string, now: Date, ageDays: number, status: MessageStatus) {
  const otpId = idAged("otp", now, ageDays);
  const messageId = await agedMessage(organizationId, now, ageDays, { status, environment: "test", otpId });
  const createdAt = new Date(now.getTime() - ageDays * DAY_MS);
  await getDb().otpCode.create({
    data: {
      id: otpId,
      organizationId,
      environment: "test",
      to: "+14155550123",
      codeHash: "x",
      length: 6,
      status: "EXPIRED",
      messageId,
      expiresAt: new Date(createdAt.getTime() + 300_000),
      createdAt,
    },
  });
  return { otpId, messageId };
}

export async function agedEvent(organizationId: string, now: Date, ageDays: number, dispatched: boolean) {
  const id = idAged("evt", now, ageDays);
  const at = new Date(now.getTime() - ageDays * DAY_MS);
  await getDb().outboxEvent.create({
    data: {
      id,
      organizationId,
      type: "message.queued",
      payload: {},
      occurredAt: at,
      dispatchedAt: dispatched ? at : null,
    },
  });
  return id;
}

type DeliveryStatus = "PENDING" | "SUCCEEDED" | "RETRYING" | "FAILED";

export async function agedDelivery(
  organizationId: string,
  webhookId: string,
  now: Date,
  ageDays: number,
  status: DeliveryStatus,
  attempts = 2,
) {
  const id = idAged("dlv", now, ageDays);
  const at = new Date(now.getTime() - ageDays * DAY_MS);
  await getDb().webhookDelivery.create({
    data: {
      id,
      organizationId,
      webhookId,
      eventId: idAged("evt", now, ageDays),
      event: "message.delivered",
      body: "{}",
      status,
      attemptCount: attempts,
      createdAt: at,
      attempts: {
        create: Array.from({ length: attempts }, (_, i) => ({
          id: idAged("att", now, ageDays),
          attempt: i + 1,
          statusCode: 500,
          responseTimeMs: 3,
          createdAt: at,
        })),
      },
    },
  });
  return id;
}

export async function agedAuditEntry(organizationId: string, now: Date, ageDays: number) {
  const id = idAged("aud", now, ageDays);
  await getDb().auditLogEntry.create({
    data: {
      id,
      organizationId,
      actorType: "system",
      action: "apiKey.created",
      resourceType: "apiKey",
      createdAt: new Date(now.getTime() - ageDays * DAY_MS),
    },
  });
  return id;
}
