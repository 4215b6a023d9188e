import { rememberMessageTraces } from "../tracing/spans";
import type { Db, DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { assertCarrierAvailable } from "../carriers/registry";
import { AppError } from "../errors";
import type { RecordResponse } from "../idempotency/record";
import { newId, newIdAt } from "../ids";
import { sendJobEvent } from "../jobs/send-event";
import { insertMessages } from "../messages/insert-messages";
import { queueFullError } from "../messages/queue-full";
import { priceMessage, refusalError } from "../billing/price-message";
import { nudgeMessagePipeline } from "../messages/pipeline/worker";
import type { MessageSender } from "../messages/sender";
import { getSenderProfile } from "../messages/sender-profile";
import { otpSendResponse, type OtpSendResponse } from "@/schemas/otp";
import type { otpSendInput } from "@/schemas/otp";
import { countSegments } from "@/schemas/segments";
import type { z } from "zod";
import { generateOtpCode, hashOtpCode } from "./code";
import { insertOtpEvent } from "./otp-events";
import { otpBody } from "./otp-body";

export type OtpSendInput = z.output<typeof otpSendInput>;

/**
 * A check handed down by the caller (the fraud guard, server/fraud/), so this module imports
 * nothing above it. `lockKey` is locked with the recipient's lock; `decide` runs in the send's
 * transaction after the send limit and answers an error to refuse the send: the transaction then
 * commits what `decide` wrote (its record of the refusal) and nothing else, and the error is thrown.
 */
export interface OtpSendGuard {
  lockKey(organizationId: string, environment: string, to: string): string;
  decide(
    tx: DbOrTx,
    input: { organizationId: string; environment: "live" | "test"; to: string; now: Date },
  ): Promise<AppError | null>;
}

/** contract §5: at most 5 sends per recipient per organization in 10 minutes. */
export const OTP_SENDS_PER_WINDOW = 5;
export const OTP_WINDOW_MS = 10 * 60 * 1000;

/** Refuse a sixth send to the same recipient within the window, saying when the next one may go. */
async function assertUnderSendLimit(tx: DbOrTx, organizationId: string, to: string, now: Date): Promise<void> {
  const [row] = await runSql<{ sends: number; oldest: Date | string | null }>(
    tx,
    `SELECT count(*)::int AS sends, min(created_at) AS oldest FROM (
       SELECT created_at FROM otp_codes
       WHERE organization_id = $1 AND to_number = $2 AND created_at > $3::timestamptz
       ORDER BY created_at DESC LIMIT $4) recent`,
    [organizationId, to, new Date(now.getTime() - OTP_WINDOW_MS).toISOString(), OTP_SENDS_PER_WINDOW],
  );
  if (!row || row.sends < OTP_SENDS_PER_WINDOW || !row.oldest) return;
  const retryAfter = Math.max(1, Math.ceil((new Date(row.oldest).getTime() + OTP_WINDOW_MS - now.getTime()) / 1000));
  throw new AppError(
    "rate_limited",
    `At most ${OTP_SENDS_PER_WINDOW} codes may be sent to ${to} in 10 minutes. Retry after ${retryAfter} s.`,
    { headers: { "retry-after": String(retryAfter) } },
  );
}

/**
 * Send a one-time passcode (contract §5). In one transaction, serialized per recipient: the send
 * limit is checked, the previous pending code cancelled, the new code stored as an HMAC, its SMS
 * queued through the ordinary pipeline, `otp.sent` written and the expiry job scheduled.
 */
export async function sendOtp(
  db: Db,
  sender: MessageSender,
  input: OtpSendInput,
  options: { now?: Date; record?: RecordResponse; guard?: OtpSendGuard } = {},
): Promise<OtpSendResponse> {
  assertCarrierAvailable(sender.environment);
  const now = options.now ?? new Date();
  const profile = await getSenderProfile(db, sender.organizationId);
  const otpId = newId("otp");
  const messageId = newIdAt("msg", now);
  const code = generateOtpCode(input.length);
  const expiresAt = new Date(now.getTime() + input.expiresIn * 1000);
  const body = otpBody(profile.name, code, input.expiresIn);
  const { encoding, segments } = countSegments(body);
  const { country, priceUnits } = priceMessage(sender.environment, input.to, segments);
  const response = otpSendResponse.parse({
    otpId,
    to: input.to,
    status: "PENDING",
    expiresAt: expiresAt.toISOString(),
    messageId,
  });

  const guard = options.guard;
  const refusal = await db.$transaction(async (tx) => {
    // Concurrent sends to one recipient queue here, so the limit and the cancellation hold; the
    // guard's key (always after the recipient's, so the order never deadlocks) in the same trip.
    const recipientKey = `otp:${sender.organizationId}:${input.to}`;
    if (guard) {
      await runSql(
        tx,
        `SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext($1)), pg_advisory_xact_lock(hashtext($2))) l`,
        [recipientKey, guard.lockKey(sender.organizationId, sender.environment, input.to)],
      );
    } else {
      await runSql(tx, `SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext($1))) l`, [recipientKey]);
    }
    await assertUnderSendLimit(tx, sender.organizationId, input.to, now);
    const refused = await guard?.decide(tx, {
      organizationId: sender.organizationId,
      environment: sender.environment,
      to: input.to,
      now,
    });
    if (refused) return refused;
    await tx.otpCode.updateMany({
      where: {
        organizationId: sender.organizationId,
        environment: sender.environment,
        to: input.to,
        status: "PENDING",
      },
      data: { status: "CANCELED", canceledAt: now, updatedAt: now },
    });
    await tx.otpCode.create({
      data: {
        id: otpId,
        organizationId: sender.organizationId,
        apiKeyId: sender.apiKeyId,
        environment: sender.environment,
        to: input.to,
        codeHash: hashOtpCode(otpId, code),
        length: input.length,
        messageId,
        expiresAt,
        createdAt: now,
        updatedAt: now,
      },
    });
    const [refusal] = await insertMessages(
      tx,
      [
        {
          id: messageId,
          organizationId: sender.organizationId,
          apiKeyId: sender.apiKeyId,
          batchId: null,
          otpId,
          environment: sender.environment,
          to: input.to,
          from: profile.defaultSender,
          body,
          segments,
          encoding,
          priceUnits,
          country,
          // Contract §15: a code that arrives after it expired is worth nothing.
          validityPeriod: input.expiresIn,
        },
      ],
      now,
    );
    // Refused by the allowed countries, the sender's queue or the spend limit: the code is rolled back with it.
    if (refusal === "queue_full") throw await queueFullError(sender.organizationId, profile.defaultSender, segments);
    if (refusal) throw refusalError(refusal, input.to, country);
    await insertOtpEvent(
      tx,
      sender.organizationId,
      "otp.sent",
      {
        otpId,
        to: input.to,
        environment: sender.environment,
        status: "PENDING",
        messageId,
        attempts: 0,
        expiresAt: response.expiresAt,
      },
      now,
    );
    await sendJobEvent(
      tx,
      "otp/created",
      { otpId, expiresAt: response.expiresAt, organizationId: sender.organizationId },
      { dedupeKey: otpId },
    );
    await options.record?.(tx, response);
    return null;
  });
  if (refusal) throw refusal;
  rememberMessageTraces([messageId]);
  nudgeMessagePipeline();
  return response;
}
