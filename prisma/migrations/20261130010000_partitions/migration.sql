-- sg:steps
-- Tenant-keyed, time-partitioned tables (issue 40): messages, outbox_events, otp_codes and audit_log
-- become declaratively partitioned by range of their id (ids begin with their creation time,
-- server/ids.ts, so an id range is a time range), with the primary key (organization_id, id). The
-- separate (organization_id, id) indexes go (the key is that index now), and so does messages'
-- batch_id index: a bulk's messages are found by the id range their batch id names
-- (server/messages/batch-ids.ts). Old rows are dropped a whole partition at a time by the
-- partition job (server/db/partitions/), not deleted row by row.
--
-- An existing table is converted in place with bounded locks (the runner runs each part below on
-- its own, under a lock timeout, and tries a part again that could not get its locks):
-- 1. the new key's unique index is built CONCURRENTLY (reads and writes go on);
-- 2. a CHECK (id < bound) is added NOT VALID (a moment's lock), bound = the start of the period
--    after next, so every row written meanwhile still passes it;
-- 3. it is validated (a scan under SHARE UPDATE EXCLUSIVE: reads and writes go on);
-- 4. one short transaction renames the table to <table>_legacy, creates the partitioned table
--    under the old name with the same columns, indexes and triggers, and attaches the old table
--    as its first partition, FROM (MINVALUE) TO (bound): the validated CHECK spares the scan, and
--    the old table's indexes are attached, not rebuilt;
-- 5. the periods from the bound on get partitions of their own (sg_partitions_ensure), ahead of
--    time.
-- The legacy partition holds everything older than the bound. It is dropped whole once its bound
-- is past retention; until then retention deletes its old rows in batches as before.
-- On an empty database (a new install, the tests) the same steps run in a moment.
--
-- Prisma cannot declare partitions: prisma/schema.prisma describes the tables (their columns,
-- keys and indexes), this migration and the partition job their partitions.

-- sg:step
-- The smallest id of `prefix` made at `at` (server/ids.ts smallestIdAt): 8 base62 characters of
-- milliseconds after the prefix.
CREATE OR REPLACE FUNCTION sg_id_at(prefix text, at timestamptz) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  alphabet constant text := '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  ms bigint := floor(extract(epoch FROM at) * 1000);
  result text := '';
BEGIN
  FOR i IN 1..8 LOOP
    result := substr(alphabet, (ms % 62)::int + 1, 1) || result;
    ms := ms / 62;
  END LOOP;
  RETURN prefix || '_' || result;
END
$$;

-- The partitioned tables: the prefix of their ids, the length of a partition, how far ahead
-- partitions are made, and where the legacy partition (the table as it was) ends.
CREATE TABLE IF NOT EXISTS "partitioned_tables" (
  "table_name" TEXT COLLATE "C" NOT NULL PRIMARY KEY,
  "id_prefix" TEXT NOT NULL,
  "period" TEXT NOT NULL CHECK ("period" IN ('day', 'month')),
  "ahead" INTEGER NOT NULL,
  "legacy_until" TIMESTAMPTZ(3)
);
INSERT INTO "partitioned_tables" ("table_name", "id_prefix", "period", "ahead") VALUES
  ('messages', 'msg', 'month', 3),
  ('otp_codes', 'otp', 'month', 3),
  ('audit_log', 'aud', 'month', 3),
  ('outbox_events', 'evt', 'day', 14)
ON CONFLICT ("table_name") DO NOTHING;

-- The start of the UTC period (day or month) that holds `at`.
CREATE OR REPLACE FUNCTION sg_period_start(period text, at timestamptz) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc(period, at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
$$;

-- Step 2: the CHECK that lets the old table become the partition below `legacy_until`.
CREATE OR REPLACE FUNCTION sg_partition_prepare(p_table text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cfg partitioned_tables;
  bound timestamptz;
BEGIN
  SELECT * INTO cfg FROM partitioned_tables WHERE table_name = p_table;
  IF (SELECT relkind FROM pg_class WHERE oid = p_table::regclass) = 'p' THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conname = p_table || '_legacy_range') THEN RETURN; END IF;
  bound := sg_period_start(cfg.period, now() + interval '2 days') + ('1 ' || cfg.period)::interval;
  UPDATE partitioned_tables SET legacy_until = bound WHERE table_name = p_table;
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (id < %L) NOT VALID',
                 p_table, p_table || '_legacy_range', sg_id_at(cfg.id_prefix, bound));
END
$$;

-- Step 3: validate it (SHARE UPDATE EXCLUSIVE: the table stays readable and writable).
CREATE OR REPLACE FUNCTION sg_partition_validate(p_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conname = p_table || '_legacy_range' AND NOT convalidated) THEN
    EXECUTE format('ALTER TABLE %I VALIDATE CONSTRAINT %I', p_table, p_table || '_legacy_range');
  END IF;
END
$$;

-- Step 4: the swap, in the caller's (short) transaction. `p_drop` names indexes that the new
-- table does without (the tenant key replaces them). The old primary key on id goes: its unique
-- index on (organization_id, id), built beforehand, becomes the partition's key.
CREATE OR REPLACE FUNCTION sg_partition_convert(p_table text, p_drop text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  cfg partitioned_tables;
  legacy text := p_table || '_legacy';
  tenant_key text := p_table || '_tenant_key';
  ix record;
  tg record;
  fn record;
  index_defs text[] := '{}';
  trigger_defs text[] := '{}';
  def text;
BEGIN
  SELECT * INTO cfg FROM partitioned_tables WHERE table_name = p_table;
  IF (SELECT relkind FROM pg_class WHERE oid = p_table::regclass) = 'p' THEN RETURN; END IF;
  EXECUTE format('LOCK TABLE %I IN ACCESS EXCLUSIVE MODE', p_table);

  FOR ix IN
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def, i.indisprimary
    FROM pg_index i WHERE i.indrelid = p_table::regclass
  LOOP
    IF ix.indisprimary THEN
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', p_table,
                     (SELECT conname FROM pg_constraint WHERE conrelid = p_table::regclass AND contype = 'p'));
    ELSIF ix.name = ANY (p_drop) THEN
      EXECUTE format('DROP INDEX %I', ix.name);
    ELSIF ix.name <> tenant_key THEN
      index_defs := index_defs || ix.def;
      EXECUTE format('ALTER INDEX %I RENAME TO %I', ix.name, left(ix.name, 56) || '_legacy');
    END IF;
  END LOOP;
  FOR tg IN SELECT t.tgname, pg_get_triggerdef(t.oid) AS def FROM pg_trigger t
            WHERE t.tgrelid = p_table::regclass AND NOT t.tgisinternal
  LOOP
    trigger_defs := trigger_defs || tg.def;
    EXECUTE format('DROP TRIGGER %I ON %I', tg.tgname, p_table);
  END LOOP;
  -- Foreign keys from the old table (to organizations) go too: a statement trigger checks the
  -- organization instead, as on messages (migration 20261123141500_hot_path_events), and
  -- sg_delete_organization_rows deletes an organization's rows.
  FOR def IN SELECT conname FROM pg_constraint WHERE conrelid = p_table::regclass AND contype = 'f' LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', p_table, def);
  END LOOP;

  EXECUTE format('ALTER TABLE %I RENAME TO %I', p_table, legacy);
  -- The new key's index, built concurrently, becomes the old table's key (no scan: the columns are
  -- NOT NULL), so the attach below takes it as the partition's key instead of building one.
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY USING INDEX %I', legacy, legacy || '_pkey', tenant_key);
  EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMPRESSION) PARTITION BY RANGE (id)',
                 p_table, legacy);
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (organization_id, id)', p_table, p_table || '_pkey');
  FOREACH def IN ARRAY index_defs LOOP
    EXECUTE def;
  END LOOP;
  EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)',
                 p_table, legacy, sg_id_at(cfg.id_prefix, cfg.legacy_until));
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', legacy, p_table || '_legacy_range');
  FOREACH def IN ARRAY trigger_defs LOOP
    EXECUTE def;
  END LOOP;
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = p_table::regclass AND tgname = p_table || '_organization_exists') THEN
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION sg_check_organization_exists()',
                   p_table || '_organization_exists', p_table);
  END IF;

  -- A function taking the table's row type followed the old table: it takes the new one again.
  FOR fn IN SELECT p.oid FROM pg_proc p
            WHERE p.pronamespace = 'public'::regnamespace AND (legacy::regtype)::oid = ANY (p.proargtypes)
  LOOP
    def := regexp_replace(pg_get_functiondef(fn.oid), '\m' || legacy || '\M', p_table, 'g');
    EXECUTE format('DROP FUNCTION %s', fn.oid::regprocedure);
    EXECUTE def;
  END LOOP;
END
$$;

-- Step 5, and the partition job (server/db/partitions/) every hour: a partition for every period
-- from the one before `p_now` (or the legacy bound, if later) until `ahead` periods after it, where
-- one is missing. A partition is made on its own and attached (SHARE UPDATE EXCLUSIVE on the
-- table, so sends go on); empty, it needs no scan, and its indexes are made by the attach. Named
-- <table>_p<YYYYMMDD> (its first day, UTC). Periods further back are never made again (their
-- partitions were dropped by retention), unless `p_from` asks for them (benches seeding history).
CREATE OR REPLACE FUNCTION sg_partitions_ensure(p_now timestamptz, p_from timestamptz DEFAULT NULL)
RETURNS int LANGUAGE plpgsql AS $$
DECLARE
  cfg partitioned_tables;
  step interval;
  start timestamptz;
  name text;
  made int := 0;
BEGIN
  FOR cfg IN SELECT * FROM partitioned_tables ORDER BY table_name LOOP
    CONTINUE WHEN to_regclass(cfg.table_name) IS NULL
      OR (SELECT relkind FROM pg_class WHERE oid = cfg.table_name::regclass) <> 'p';
    step := ('1 ' || cfg.period)::interval;
    start := greatest(coalesce(sg_period_start(cfg.period, p_from), sg_period_start(cfg.period, p_now) - step),
                      cfg.legacy_until);
    WHILE start < sg_period_start(cfg.period, p_now) + step * (cfg.ahead + 1) LOOP
      name := cfg.table_name || '_p' || to_char(start AT TIME ZONE 'UTC', 'YYYYMMDD');
      IF to_regclass(name) IS NULL THEN
        EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING STORAGE INCLUDING COMPRESSION)',
                       name, cfg.table_name);
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', cfg.table_name, name,
                       sg_id_at(cfg.id_prefix, start), sg_id_at(cfg.id_prefix, start + step));
        made := made + 1;
      END IF;
      start := start + step;
    END LOOP;
  END LOOP;
  RETURN made;
END
$$;

-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "messages_tenant_key" ON "messages" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "outbox_events_tenant_key" ON "outbox_events" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "otp_codes_tenant_key" ON "otp_codes" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "audit_log_tenant_key" ON "audit_log" ("organization_id", "id");

-- sg:step
SELECT sg_partition_prepare('messages');
-- sg:step
SELECT sg_partition_prepare('outbox_events');
-- sg:step
SELECT sg_partition_prepare('otp_codes');
-- sg:step
SELECT sg_partition_prepare('audit_log');

-- sg:step
SELECT sg_partition_validate('messages');
-- sg:step
SELECT sg_partition_validate('outbox_events');
-- sg:step
SELECT sg_partition_validate('otp_codes');
-- sg:step
SELECT sg_partition_validate('audit_log');

-- sg:step
SELECT sg_partition_convert('messages', ARRAY['messages_organization_id_id_idx', 'messages_batch_id_idx']);
-- sg:step
SELECT sg_partition_convert('outbox_events', ARRAY['outbox_events_organization_id_id_idx']);
-- sg:step
SELECT sg_partition_convert('otp_codes', ARRAY['otp_codes_organization_id_id_idx']);
-- sg:step
SELECT sg_partition_convert('audit_log', ARRAY['audit_log_organization_id_id_idx']);

-- sg:step
-- The claims and the due-scan join their rows back by the key. The due-scan returned each row's
-- address (ctid) for a TID scan; a partitioned table's addresses are per partition, so it returns
-- the key again.
DROP FUNCTION IF EXISTS sg_due_scheduled_messages(timestamptz, int, text);
CREATE FUNCTION sg_due_scheduled_messages(p_now timestamptz, p_limit int, p_organization text)
RETURNS TABLE (id text, organization_id text, environment text, to_number text, price_units bigint,
               segments int, created_at timestamptz)
LANGUAGE sql
SET enable_sort = off
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
  SELECT m.id, m.organization_id, m.environment::text, m.to_number, m.price_units, m.segments, m.created_at
  FROM messages m
  WHERE m.status = 'SCHEDULED' AND m.send_at <= p_now
    AND (p_organization IS NULL OR m.organization_id = p_organization)
  ORDER BY m.send_at
  LIMIT p_limit
  FOR UPDATE SKIP LOCKED
$$;

CREATE OR REPLACE FUNCTION sg_claim_queued_messages(p_now timestamptz, p_lease timestamptz, p_limit int, p_organization text)
RETURNS TABLE (id text, organization_id text, environment text, to_number text, from_sender text, body text,
               segments int, encoding text, attempts int, locked_until timestamptz, provider text)
LANGUAGE sql
SET enable_sort = off
SET enable_bitmapscan = off
SET enable_seqscan = off
AS $$
  -- FOR UPDATE SKIP LOCKED: concurrent workers (processes sharing PostgreSQL) take disjoint rows.
  UPDATE messages m SET locked_until = p_lease, attempts = m.attempts + 1
  FROM (
    SELECT q.organization_id, q.id FROM messages q
    WHERE q.status = 'QUEUED' AND q.next_attempt_at <= p_now
      AND (q.locked_until IS NULL OR q.locked_until < p_now)
      AND (p_organization IS NULL OR q.organization_id = p_organization)
    ORDER BY q.next_attempt_at
    LIMIT p_limit
    FOR UPDATE SKIP LOCKED
  ) due
  WHERE m.organization_id = due.organization_id AND m.id = due.id
  RETURNING m.id, m.organization_id, m.environment::text, m.to_number, m.from_sender, m.body, m.segments,
    m.encoding, m.attempts, m.locked_until, m.provider
$$;

CREATE OR REPLACE FUNCTION sg_delete_organization_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM outbox_events WHERE organization_id = OLD.id;
  DELETE FROM messages WHERE organization_id = OLD.id;
  DELETE FROM otp_codes WHERE organization_id = OLD.id;
  DELETE FROM audit_log WHERE organization_id = OLD.id;
  DELETE FROM message_stats_hourly WHERE organization_id = OLD.id;
  DELETE FROM message_stats_daily WHERE organization_id = OLD.id;
  DELETE FROM otp_stats_hourly WHERE organization_id = OLD.id;
  RETURN OLD;
END
$$;

-- sg:step
-- Storage per message (issue 40): the large values (an event's payload, a message's body, a
-- delivery's body) are compressed with lz4 where the server has it (PostgreSQL 14+ built with
-- lz4; PGlite is not): faster than the default pglz at a similar size. New values only: rows
-- written before keep their compression until rewritten. Set on the partitioned tables, it reaches
-- their partitions, present and future.
DO $$
BEGIN
  ALTER TABLE outbox_events ALTER COLUMN payload SET COMPRESSION lz4;
  ALTER TABLE messages ALTER COLUMN body SET COMPRESSION lz4;
  ALTER TABLE webhook_deliveries ALTER COLUMN body SET COMPRESSION lz4;
  ALTER TABLE audit_log ALTER COLUMN changes SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported OR invalid_parameter_value THEN
  RAISE NOTICE 'lz4 is not available: values keep the default compression';
END
$$;

-- sg:step
SELECT sg_partitions_ensure(now());
