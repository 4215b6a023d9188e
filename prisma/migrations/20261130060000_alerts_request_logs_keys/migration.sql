-- Alerts keyed by tenant (issue 40: organization_id leads every tenant table's key) and every id
-- column bytewise (issue 19: ids sort in creation order only under COLLATE "C"). The alerts table
-- and request_logs' id-holding columns were created without them (migrations 20261130030000 and
-- 20261130040000). Both tables are small when this runs: the rewrite costs nothing.
ALTER TABLE "alerts" ALTER COLUMN "id" TYPE TEXT COLLATE "C";
ALTER TABLE "alerts" ALTER COLUMN "organization_id" TYPE TEXT COLLATE "C";
ALTER TABLE "alerts" DROP CONSTRAINT "alerts_pkey";
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_pkey" PRIMARY KEY ("organization_id", "id");
DROP INDEX "alerts_organization_id_id_idx";

ALTER TABLE "request_logs" ALTER COLUMN "api_key_id" TYPE TEXT COLLATE "C";
ALTER TABLE "request_logs" ALTER COLUMN "user_id" TYPE TEXT COLLATE "C";
ALTER TABLE "request_logs" ALTER COLUMN "client_request_id" TYPE TEXT COLLATE "C";
