-- Hand-written. Retention (server/retention/) deletes by walking each table's primary key up to the
-- smallest id of its cutoff time (ids start with their creation time), so it needs no new index.
-- What it needs is where the redaction of live message bodies stopped: each run reads only the
-- messages after that position. Both columns are compared bytewise, as ids are.
CREATE TABLE "retention_watermarks" (
    "name" TEXT COLLATE "C" NOT NULL,
    "position" TEXT COLLATE "C" NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "retention_watermarks_pkey" PRIMARY KEY ("name")
);
