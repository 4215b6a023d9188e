-- Message history stays fast as data grows (issue 20, item 5). Lists page by id, newest first;
-- a creation-time range is an id range (ids begin with their creation time), served by
-- (organization_id, id) with no new index. Two filters need one of their own:
--   * a recipient (the dashboard's prefix search, REST history's exact number): an index range on
--     (organization_id, to_number, id). Bytewise, so `to_number LIKE '+1503%'` is a range scan
--     whatever the database's default collation (under a linguistic one LIKE cannot use a btree).
--   * a batch (GET /sms/batches/:id and the batchId filter): bulk messages only, so partial.
ALTER TABLE "messages" ALTER COLUMN "to_number" TYPE text COLLATE "C";
CREATE INDEX "messages_organization_id_to_number_id_idx" ON "messages" ("organization_id", "to_number", "id");
-- Hand-written (Prisma cannot declare a partial index): every single send has no batch.
CREATE INDEX "messages_batch_id_idx" ON "messages" ("batch_id") WHERE "batch_id" IS NOT NULL;
