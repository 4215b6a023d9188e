import { metrics } from "../metrics/registry";
import type { Db } from "../db/client";
import { runSql } from "../db/sql";
import { newId } from "../ids";
import type { MessageSender } from "../messages/sender";
import { otpVerifyResponse, type OtpVerifyResponse } from "@/schemas/otp";
import type { otpVerifyInput } from "@/schemas/otp";
import type { z } from "zod";
import { otpCodeMatches } from "./code";
import { expireOtp } from "./expire-otp";
import { nudgeWebhookWorker } from "../webhooks/deliveries/worker";

export type OtpVerifyInput = z.output<typeof otpVerifyInput>;

interface OtpRow extends Record<string, unknown> {
  id: string;
  code_hash: string;
  status: "PENDING" | "APPROVED" | "EXPIRED" | "MAX_ATTEMPTS" | "CANCELED";
  attempts: number;
  max_attempts: number;
  expires_at: Date | string;
}

const LATEST_SQL = `
SELECT id, code_hash, status::text AS status, attempts, max_attempts, expires_at FROM otp_codes
WHERE organization_id = $1 AND environment = $2::"KeyEnvironment" AND to_number = $3
ORDER BY created_at DESC, id DESC LIMIT 1`;

// Only one of any number of concurrent correct verifies can match `status = 'PENDING'`: the row
// lock serializes them and the others see APPROVED. The event is written in the same statement.
const APPROVE_SQL = `
WITH approved AS (
  UPDATE otp_codes SET status = 'APPROVED', verified_at = $2::timestamptz, updated_at = $2::timestamptz
  WHERE organization_id = $4 AND id = $1 AND status = 'PENDING' AND expires_at > $2::timestamptz
    AND attempts < max_attempts
  RETURNING id, organization_id, to_number, environment::text AS environment, message_id, attempts, expires_at
)
INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
SELECT $3, organization_id, 'otp.verified', jsonb_build_object(
    'otpId', id, 'to', to_number, 'environment', environment, 'status', 'APPROVED', 'messageId', message_id,
    'attempts', attempts, 'expiresAt', sg_iso(expires_at), 'verifiedAt', sg_iso($2::timestamptz)),
  $2::timestamptz
FROM approved
RETURNING 1 AS approved`;

// A wrong code counts atomically; the fifth wrong one locks the code for good.
const WRONG_SQL = `
UPDATE otp_codes SET attempts = attempts + 1, updated_at = $2::timestamptz,
  status = CASE WHEN attempts + 1 >= max_attempts THEN 'MAX_ATTEMPTS'::"OtpStatus" ELSE status END
WHERE organization_id = $3 AND id = $1 AND status = 'PENDING'
RETURNING status::text AS status, attempts, max_attempts`;

const failed = (status: "PENDING" | "EXPIRED" | "MAX_ATTEMPTS" | "NOT_FOUND", attemptsRemaining: number) =>
  otpVerifyResponse.parse({ valid: false, status, attemptsRemaining: Math.max(0, attemptsRemaining) });

/** What a code that is no longer pending answers. A used or replaced code is simply not found. */
function settled(row: OtpRow): OtpVerifyResponse {
  if (row.status === "EXPIRED") return failed("EXPIRED", 0);
  if (row.status === "MAX_ATTEMPTS") return failed("MAX_ATTEMPTS", 0);
  if (row.status === "PENDING") return failed("PENDING", row.max_attempts - row.attempts);
  return failed("NOT_FOUND", 0);
}

/**
 * Verify a code (contract §5) against the newest code sent to `to` in this organization and
 * environment. The time is checked here, so correctness never waits for the expiry job.
 */
export async function verifyOtp(
  db: Db,
  sender: MessageSender,
  input: OtpVerifyInput,
  options: { now?: Date } = {},
): Promise<OtpVerifyResponse> {
  const result = await verifyOnce(db, sender, input, options);
  metrics().otpVerifications.inc({ result: result.status });
  return result;
}

async function verifyOnce(
  _db: Db,
  sender: MessageSender,
  input: OtpVerifyInput,
  options: { now?: Date },
): Promise<OtpVerifyResponse> {
  const now = options.now ?? new Date();
  const [row] = await runSql<OtpRow>(
    null,
    LATEST_SQL,
    [sender.organizationId, sender.environment, input.to],
    "sg_latest_otp",
  );
  if (!row) return failed("NOT_FOUND", 0);
  if (row.status !== "PENDING") return settled(row);
  if (new Date(row.expires_at).getTime() <= now.getTime()) {
    await expireOtp(null, sender.organizationId, row.id, now);
    return failed("EXPIRED", 0);
  }

  if (otpCodeMatches(row.id, input.code, row.code_hash)) {
    const approved = await runSql(
      null,
      APPROVE_SQL,
      [row.id, now.toISOString(), newId("evt"), sender.organizationId],
      "sg_approve_otp",
    );
    if (approved.length > 0) {
      nudgeWebhookWorker();
      return otpVerifyResponse.parse({ valid: true, status: "APPROVED" });
    }
    // Another verify won the race (or the code just expired): answer from the row as it is now.
    const [current] = await runSql<OtpRow>(null, LATEST_SQL, [sender.organizationId, sender.environment, input.to]);
    return current && current.id === row.id ? settled(current) : failed("NOT_FOUND", 0);
  }

  const [counted] = await runSql<{ status: string; attempts: number; max_attempts: number }>(
    null,
    WRONG_SQL,
    [row.id, now.toISOString(), sender.organizationId],
    "sg_wrong_otp",
  );
  if (!counted) {
    const [current] = await runSql<OtpRow>(null, LATEST_SQL, [sender.organizationId, sender.environment, input.to]);
    return current ? settled(current) : failed("NOT_FOUND", 0);
  }
  return failed(
    counted.status === "MAX_ATTEMPTS" ? "MAX_ATTEMPTS" : "PENDING",
    counted.max_attempts - counted.attempts,
  );
}
