-- Scheduled sends (contract §11). New enum values cannot be used in the transaction that adds them,
-- so the index and functions that name them are in the next migration.
ALTER TYPE "MessageStatus" ADD VALUE IF NOT EXISTS 'SCHEDULED';
ALTER TYPE "MessageStatus" ADD VALUE IF NOT EXISTS 'CANCELED';

-- Nullable with no default: a catalog change, no table rewrite; immediate sends leave them null.
ALTER TABLE "messages" ADD COLUMN "send_at" TIMESTAMPTZ(3);
ALTER TABLE "messages" ADD COLUMN "canceled_at" TIMESTAMPTZ(3);
