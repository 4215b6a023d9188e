-- Request logs (contract §16): every /api/v1 request of an organization, written in batches by
-- server/request-logs/writer.ts. Shaped to be partitioned by creation time from the start: the id
-- (`req_…`, server/ids.ts) begins with its creation time, so a range of ids is a range of time, and the
-- key is (organization_id, id) as every tenant table's. Until the partition mechanism of issue 40
-- lands, this is a plain table and retention deletes by id range (server/request-logs/retention.ts).
-- No foreign key: like the other hot append-only tables, a deleted organization's rows go with retention.
CREATE TABLE "request_logs" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "id" TEXT COLLATE "C" NOT NULL,
    "client_request_id" TEXT,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "route" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "environment" "KeyEnvironment",
    "api_key_id" TEXT,
    "user_id" TEXT,
    "ip" TEXT,
    "user_agent" TEXT,
    "error_code" TEXT,
    "request_body" JSONB,
    "response_body" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "request_logs_pkey" PRIMARY KEY ("organization_id", "id")
);
