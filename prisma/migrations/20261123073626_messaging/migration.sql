-- CreateEnum
CREATE TYPE "MessageStatus" AS ENUM ('QUEUED', 'SENT', 'DELIVERED', 'FAILED', 'UNDELIVERED');

-- CreateEnum
CREATE TYPE "OtpStatus" AS ENUM ('PENDING', 'APPROVED', 'EXPIRED', 'MAX_ATTEMPTS', 'CANCELED');

-- CreateTable
CREATE TABLE "messages" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "api_key_id" TEXT,
    "batch_id" TEXT,
    "otp_id" TEXT,
    "environment" "KeyEnvironment" NOT NULL,
    "to_number" TEXT NOT NULL,
    "from_sender" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "segments" INTEGER NOT NULL,
    "encoding" TEXT NOT NULL,
    "status" "MessageStatus" NOT NULL DEFAULT 'QUEUED',
    "provider" TEXT,
    "provider_message_id" TEXT,
    "error_code" TEXT,
    "error_message" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "locked_until" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "messages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "otp_codes" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "api_key_id" TEXT,
    "environment" "KeyEnvironment" NOT NULL,
    "to_number" TEXT NOT NULL,
    "code_hash" TEXT NOT NULL,
    "length" INTEGER NOT NULL,
    "status" "OtpStatus" NOT NULL DEFAULT 'PENDING',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "max_attempts" INTEGER NOT NULL DEFAULT 5,
    "message_id" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "verified_at" TIMESTAMPTZ(3),
    "expired_at" TIMESTAMPTZ(3),
    "canceled_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "otp_codes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_keys" (
    "organization_id" TEXT NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "endpoint" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "locked_until" TIMESTAMPTZ(3),
    "response_status" INTEGER,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("organization_id","environment","endpoint","key")
);

-- CreateIndex
CREATE INDEX "messages_organization_id_id_idx" ON "messages"("organization_id", "id");

-- CreateIndex
-- Partial (hand-edited): only the hand-off queue is indexed, so the index stays small however many
-- messages have been sent.
CREATE INDEX "messages_status_next_attempt_at_idx" ON "messages"("status", "next_attempt_at") WHERE "status" = 'QUEUED';

-- CreateIndex
-- Partial (hand-edited): messages waiting for a delivery receipt.
CREATE INDEX "messages_provider_status_sent_at_idx" ON "messages"("provider", "status", "sent_at") WHERE "status" = 'SENT';

-- CreateIndex
-- Partial (hand-edited): single sends have no batch.
CREATE INDEX "messages_batch_id_idx" ON "messages"("batch_id") WHERE "batch_id" IS NOT NULL;

-- CreateIndex
-- Partial (hand-edited): only real carriers send receipts that name their own id.
CREATE INDEX "messages_provider_provider_message_id_idx" ON "messages"("provider", "provider_message_id") WHERE "provider_message_id" IS NOT NULL AND "provider" <> 'sandbox';

-- CreateIndex
CREATE INDEX "otp_codes_organization_id_environment_to_number_created_at_idx" ON "otp_codes"("organization_id", "environment", "to_number", "created_at");

-- CreateIndex
CREATE INDEX "otp_codes_organization_id_id_idx" ON "otp_codes"("organization_id", "id");

-- CreateIndex
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys"("expires_at");

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "otp_codes" ADD CONSTRAINT "otp_codes_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written: the payload of every message.* outbox event, built from the row in the same
-- statement that changes it, so an event always describes the state it was committed with.
-- Never includes the body (an OTP message's body is the code).
CREATE FUNCTION sg_iso(ts timestamptz) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
$$;

CREATE FUNCTION sg_message_event_payload(m messages) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'messageId', m.id,
    'to', m.to_number,
    'from', m.from_sender,
    'status', m.status::text,
    'environment', m.environment::text,
    'segments', m.segments,
    'encoding', m.encoding,
    'batchId', m.batch_id,
    'otpId', m.otp_id,
    'providerMessageId', m.provider_message_id,
    'errorCode', m.error_code,
    'errorMessage', m.error_message,
    'createdAt', sg_iso(m.created_at),
    'sentAt', sg_iso(m.sent_at),
    'deliveredAt', sg_iso(m.delivered_at),
    'failedAt', sg_iso(m.failed_at)
  )
$$;
