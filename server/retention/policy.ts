import type { Env } from "../env";

/** How long each kind of data is kept (contract §9), in days. */
export interface RetentionPolicy {
  /** Live message bodies are redacted (set to "") after this; sandbox bodies stay with their message. */
  messageBodyDays: number;
  /** Final messages (DELIVERED, UNDELIVERED, FAILED) are deleted after this, with their OTP code. */
  messageDays: number;
  /** Dispatched outbox events are deleted after this. */
  outboxEventDays: number;
  /** Finished webhook deliveries (SUCCEEDED, FAILED) and their attempts are deleted after this. */
  webhookLogDays: number;
  /** Audit log entries are deleted after this. */
  auditLogDays: number;
  /** Request logs (contract §16) go after this, a day's partition at a time. */
  requestLogDays: number;
  /** The fraud guard's hourly OTP counters are deleted after this (its decisions read the last two hours). */
  fraudCounterDays: number;
}

export function retentionPolicyOf(env: Env): RetentionPolicy {
  return {
    messageBodyDays: env.MESSAGE_BODY_RETENTION_DAYS,
    messageDays: env.MESSAGE_RETENTION_DAYS,
    outboxEventDays: env.OUTBOX_RETENTION_DAYS,
    webhookLogDays: env.WEBHOOK_LOG_RETENTION_DAYS,
    auditLogDays: env.AUDIT_LOG_RETENTION_DAYS,
    fraudCounterDays: env.FRAUD_COUNTER_RETENTION_DAYS,
    requestLogDays: env.REQUEST_LOG_RETENTION_DAYS,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant before which data kept `days` is past its age. */
export function cutoffAt(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}
