-- Ordering must not depend on the database's collation (issue 19, item 6). Ids (msg_…, dlv_…, aud_…)
-- begin with their creation time in base62 (0-9A-Za-z) and sort in creation order only when
-- compared byte by byte. Under a linguistic default (en_US.UTF-8, or an ICU locale on managed
-- services) 'ID0VbvZ' < 'ID0Vbva' is false, and "newest first", cursor paging (id < cursor) and
-- retention's id cutoffs would silently disagree with creation order. Every id column and every
-- column holding an id (…_id) is therefore bytewise ("C"), whatever the database's default.
-- Prisma's schema cannot express a column collation; new tables declare COLLATE "C" in their
-- migration, and server/db/collation.int.test.ts fails for any id column that does not.
-- Each ALTER rebuilds the column's indexes (the type is unchanged, so no table rewrite).

ALTER TABLE "api_keys"
  ALTER COLUMN "created_by_id" TYPE text COLLATE "C",
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C";

ALTER TABLE "audit_log"
  ALTER COLUMN "actor_api_key_id" TYPE text COLLATE "C",
  ALTER COLUMN "actor_user_id" TYPE text COLLATE "C",
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C",
  ALTER COLUMN "resource_id" TYPE text COLLATE "C";

ALTER TABLE "carrier_receipts"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "message_id" TYPE text COLLATE "C",
  ALTER COLUMN "provider_message_id" TYPE text COLLATE "C";

ALTER TABLE "idempotency_keys"
  ALTER COLUMN "organization_id" TYPE text COLLATE "C";

ALTER TABLE "jobs"
  ALTER COLUMN "function_id" TYPE text COLLATE "C",
  ALTER COLUMN "id" TYPE text COLLATE "C";

ALTER TABLE "memberships"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C",
  ALTER COLUMN "user_id" TYPE text COLLATE "C";

ALTER TABLE "messages"
  ALTER COLUMN "api_key_id" TYPE text COLLATE "C",
  ALTER COLUMN "batch_id" TYPE text COLLATE "C",
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C",
  ALTER COLUMN "otp_id" TYPE text COLLATE "C",
  ALTER COLUMN "provider_message_id" TYPE text COLLATE "C";

ALTER TABLE "organizations"
  ALTER COLUMN "id" TYPE text COLLATE "C";

ALTER TABLE "otp_codes"
  ALTER COLUMN "api_key_id" TYPE text COLLATE "C",
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "message_id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C";

ALTER TABLE "outbox_events"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C";

ALTER TABLE "rate_limit_buckets"
  ALTER COLUMN "organization_id" TYPE text COLLATE "C";

ALTER TABLE "refresh_token_families"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C",
  ALTER COLUMN "user_id" TYPE text COLLATE "C";

ALTER TABLE "refresh_tokens"
  ALTER COLUMN "family_id" TYPE text COLLATE "C",
  ALTER COLUMN "id" TYPE text COLLATE "C";

ALTER TABLE "users"
  ALTER COLUMN "id" TYPE text COLLATE "C";

ALTER TABLE "webhook_attempts"
  ALTER COLUMN "delivery_id" TYPE text COLLATE "C",
  ALTER COLUMN "id" TYPE text COLLATE "C";

ALTER TABLE "webhook_deliveries"
  ALTER COLUMN "event_id" TYPE text COLLATE "C",
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C",
  ALTER COLUMN "webhook_id" TYPE text COLLATE "C";

ALTER TABLE "webhooks"
  ALTER COLUMN "id" TYPE text COLLATE "C",
  ALTER COLUMN "organization_id" TYPE text COLLATE "C";
