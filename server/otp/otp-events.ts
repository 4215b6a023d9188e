import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { newId } from "../ids";

/** The payload of every otp.* event. Never the code, nor its hash. */
export interface OtpEventPayload {
  otpId: string;
  to: string;
  environment: "live" | "test";
  status: "PENDING" | "APPROVED" | "EXPIRED";
  messageId: string;
  attempts: number;
  expiresAt: string;
  verifiedAt?: string | null;
  expiredAt?: string | null;
}

export async function insertOtpEvent(
  db: DbOrTx | null,
  organizationId: string,
  type: "otp.sent" | "otp.verified" | "otp.expired",
  payload: OtpEventPayload,
  at: Date,
): Promise<void> {
  await runSql(
    db,
    `INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
     VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)`,
    [newId("evt"), organizationId, type, JSON.stringify(payload), at.toISOString()],
  );
}
