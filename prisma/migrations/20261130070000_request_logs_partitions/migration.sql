-- sg:steps
-- Request logs (contract §16) become time-partitioned like outbox_events (migration
-- 20261130010000_partitions, whose functions this uses): a day a partition, by range of the id
-- (`req_…` begins with its creation time), made 14 days ahead by the maintain-partitions job and
-- dropped whole by the retention job once the day is past REQUEST_LOG_RETENTION_DAYS (30), never
-- deleted row by row (issue 42 item 3). The table as it was becomes the legacy partition, dropped
-- whole once its bound is past retention.
--
-- Cost to the accepting write: none (request logs are written off the request path, in batches).

-- sg:step
INSERT INTO "partitioned_tables" ("table_name", "id_prefix", "period", "ahead") VALUES ('request_logs', 'req', 'day', 14)
ON CONFLICT ("table_name") DO NOTHING;

-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "request_logs_tenant_key" ON "request_logs" ("organization_id", "id");

-- sg:step
SELECT sg_partition_prepare('request_logs');

-- sg:step
SELECT sg_partition_validate('request_logs');

-- sg:step
SELECT sg_partition_convert('request_logs', ARRAY[]::text[]);
-- The conversion checks each insert's organization, as messages need. A batch of request logs holds
-- many organizations' rows: one deleted a moment before must not fail the others' (its stray rows go
-- with retention).
DROP TRIGGER IF EXISTS "request_logs_organization_exists" ON "request_logs";

-- sg:step
CREATE OR REPLACE FUNCTION sg_delete_organization_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM outbox_events WHERE organization_id = OLD.id;
  DELETE FROM messages WHERE organization_id = OLD.id;
  DELETE FROM otp_codes WHERE organization_id = OLD.id;
  DELETE FROM audit_log WHERE organization_id = OLD.id;
  DELETE FROM request_logs WHERE organization_id = OLD.id;
  DELETE FROM message_stats_hourly WHERE organization_id = OLD.id;
  DELETE FROM message_stats_daily WHERE organization_id = OLD.id;
  DELETE FROM otp_stats_hourly WHERE organization_id = OLD.id;
  RETURN OLD;
END
$$;

-- sg:step
SELECT sg_partitions_ensure(now());
