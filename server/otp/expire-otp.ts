import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { newId } from "../ids";

// Moves a PENDING code whose time has passed to EXPIRED and writes `otp.expired` in the same
// statement; a code already verified, cancelled or expired is left alone (and gets no event).
const EXPIRE_SQL = `
WITH expired AS (
  UPDATE otp_codes SET status = 'EXPIRED', expired_at = $2::timestamptz, updated_at = $2::timestamptz
  WHERE ($4::text IS NULL OR organization_id = $4::text) AND id = $1 AND status = 'PENDING'
    AND expires_at <= $2::timestamptz
  RETURNING id, organization_id, to_number, environment::text AS environment, message_id, attempts, expires_at
)
INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
SELECT $3, organization_id, 'otp.expired', jsonb_build_object(
    'otpId', id, 'to', to_number, 'environment', environment, 'status', 'EXPIRED', 'messageId', message_id,
    'attempts', attempts, 'expiresAt', sg_iso(expires_at), 'expiredAt', sg_iso($2::timestamptz)),
  $2::timestamptz
FROM expired
RETURNING 1 AS expired`;

/**
 * Expire one code if it is due (the expiry job, and verify when it meets a late code), found by its
 * key; `organizationId` null: an expiry job queued before codes were keyed by organization.
 */
export async function expireOtp(
  db: DbOrTx | null,
  organizationId: string | null,
  otpId: string,
  now: Date,
): Promise<boolean> {
  const rows = await runSql(db, EXPIRE_SQL, [otpId, now.toISOString(), newId("evt"), organizationId], "sg_expire_otp");
  return rows.length > 0;
}
