-- OTP activity filtered by recipient (the dashboard's prefix search, issue 20 item 5), measured by
-- `npm run bench -- --only growth`: at 5,000,000 messages (150,000 codes) p50 went from 2.2 ms to
-- 20.7 ms, a parallel sequential scan of otp_codes: the only recipient index starts with
-- (organization_id, environment), and the list does not fix the environment. As for messages
-- (migration 20261125014000_history_indexes): (organization_id, to_number, id), bytewise so that
-- `to_number LIKE '+1503%'` is an index range whatever the database's collation, in id order.
ALTER TABLE "otp_codes" ALTER COLUMN "to_number" TYPE text COLLATE "C";
CREATE INDEX "otp_codes_organization_id_to_number_id_idx" ON "otp_codes" ("organization_id", "to_number", "id");
