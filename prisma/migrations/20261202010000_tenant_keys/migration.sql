-- sg:steps
-- Tenant-keyed keys for the rest of the tenant tables (issue 40, after 20261130010000_partitions):
-- every tenant table's primary key becomes (organization_id, <its key>), every unique index
-- includes organization_id, the separate (organization_id, id) indexes go, and the foreign keys
-- between tenant tables become composite (organization_id, parent_id). Six child tables get the
-- organization_id column first, backfilled from their parent: campaign_stats,
-- campaign_daily_stats, campaign_link_clickers, contact_import_chunks, refresh_tokens and
-- webhook_attempts. docs/scaling.md says why each lookup made before the tenant is known (an API
-- key, a refresh token or an invitation by its hash, a tracked link by its code) stays correct.
--
-- Bounded locks, as in 20261130010000_partitions (the runner runs each part below on its own,
-- under a lock timeout, and tries a part again that could not get its locks):
-- 1. the new column is added nullable (a moment's lock), backfilled (row locks only), then made
--    NOT NULL through a CHECK added NOT VALID and validated (reads and writes go on), which spares
--    SET NOT NULL its scan;
-- 2. each new key's and unique index's index is built CONCURRENTLY;
-- 3. one short transaction per table (or family) drops the foreign keys that point at the old key,
--    makes the new index the primary key (no scan: its columns are NOT NULL) and adds the composite
--    foreign keys NOT VALID;
-- 4. they are validated (SHARE UPDATE EXCLUSIVE: reads and writes go on);
-- 5. the indexes the new keys replace are dropped.
-- Every part can run again after a failure half way (IF NOT EXISTS, or a check of the catalog).

-- sg:step
CREATE OR REPLACE FUNCTION sg_tenant_not_null(p_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = p_table::regclass AND attname = 'organization_id'
             AND attnotnull) THEN
    RETURN;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = p_table || '_organization_id_not_null') THEN
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I CHECK (organization_id IS NOT NULL) NOT VALID',
                   p_table, p_table || '_organization_id_not_null');
  END IF;
END
$$;

CREATE OR REPLACE FUNCTION sg_tenant_not_null_finish(p_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = p_table || '_organization_id_not_null') THEN
    RETURN;
  END IF;
  -- The validated CHECK proves it: SET NOT NULL takes its lock for a moment and scans nothing.
  EXECUTE format('ALTER TABLE %I ALTER COLUMN organization_id SET NOT NULL', p_table);
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', p_table, p_table || '_organization_id_not_null');
END
$$;

-- The swap (step 3): `p_index`, built concurrently, becomes `p_table`'s primary key. The foreign
-- keys that pointed at the old key go (the caller adds their composite replacements). Does nothing
-- once done (the index was renamed to <table>_pkey by the swap).
CREATE OR REPLACE FUNCTION sg_tenant_key_swap(p_table text, p_index text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_key oid;
  fk record;
BEGIN
  IF to_regclass(p_index) IS NULL THEN RETURN; END IF;
  EXECUTE format('LOCK TABLE %I IN ACCESS EXCLUSIVE MODE', p_table);
  SELECT conindid INTO old_key FROM pg_constraint WHERE conrelid = p_table::regclass AND contype = 'p';
  FOR fk IN SELECT conrelid::regclass::text AS child, conname FROM pg_constraint
            WHERE contype = 'f' AND confrelid = p_table::regclass AND conindid = old_key
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', fk.child, fk.conname);
  END LOOP;
  EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', p_table, p_table || '_pkey');
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY USING INDEX %I', p_table, p_table || '_pkey', p_index);
END
$$;

-- Validates a constraint added NOT VALID (SHARE UPDATE EXCLUSIVE: reads and writes go on); nothing
-- when it is valid already or gone.
CREATE OR REPLACE FUNCTION sg_validate(p_table text, p_constraint text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = p_table::regclass AND conname = p_constraint
             AND NOT convalidated) THEN
    EXECUTE format('ALTER TABLE %I VALIDATE CONSTRAINT %I', p_table, p_constraint);
  END IF;
END
$$;

-- A composite foreign key (organization_id, p_column) → p_parent (organization_id, id), added NOT
-- VALID (step 3) and validated later (step 4). Prisma's name and actions.
CREATE OR REPLACE FUNCTION sg_tenant_fk(p_table text, p_column text, p_parent text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  name text := p_table || '_organization_id_' || p_column || '_fkey';
BEGIN
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = p_table::regclass AND conname = name) THEN RETURN; END IF;
  EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I FOREIGN KEY (organization_id, %I) REFERENCES %I (organization_id, id)
                  ON UPDATE CASCADE ON DELETE CASCADE NOT VALID', p_table, name, p_column, p_parent);
END
$$;

-- Step 1: the column, on the six child tables.
ALTER TABLE campaign_stats ADD COLUMN IF NOT EXISTS organization_id TEXT COLLATE "C";
ALTER TABLE campaign_daily_stats ADD COLUMN IF NOT EXISTS organization_id TEXT COLLATE "C";
ALTER TABLE campaign_link_clickers ADD COLUMN IF NOT EXISTS organization_id TEXT COLLATE "C";
ALTER TABLE contact_import_chunks ADD COLUMN IF NOT EXISTS organization_id TEXT COLLATE "C";
ALTER TABLE refresh_tokens ADD COLUMN IF NOT EXISTS organization_id TEXT COLLATE "C";
ALTER TABLE webhook_attempts ADD COLUMN IF NOT EXISTS organization_id TEXT COLLATE "C";

-- sg:step
-- The writers of campaign_stats and campaign_daily_stats are triggers: from now on they name the
-- organization (of the recipient, the message, the opt-out), before the backfill below, so no row
-- is written without it meanwhile. They conflict on the key by its name, which the swap (step 3)
-- keeps: (campaign_id, …) before it, (organization_id, campaign_id, …) after.
DROP FUNCTION IF EXISTS sg_add_campaign_stats(text, bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint,
  bigint, bigint, bigint, bigint, bigint, bigint, bigint);
CREATE OR REPLACE FUNCTION sg_add_campaign_stats(organization text, campaign text, recipients bigint DEFAULT 0,
  pending bigint DEFAULT 0, queued bigint DEFAULT 0, sent bigint DEFAULT 0, delivered bigint DEFAULT 0,
  undelivered bigint DEFAULT 0, failed bigint DEFAULT 0, canceled bigint DEFAULT 0,
  skipped_opted_out bigint DEFAULT 0, skipped_country_not_allowed bigint DEFAULT 0,
  skipped_frequency_cap bigint DEFAULT 0, skipped_invalid_template bigint DEFAULT 0,
  skipped_contact_deleted bigint DEFAULT 0, opt_outs bigint DEFAULT 0, spend_units bigint DEFAULT 0)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO campaign_stats AS s (organization_id, campaign_id, stripe, recipients, pending, queued, sent, delivered,
                                   undelivered, failed, canceled, skipped_opted_out, skipped_country_not_allowed,
                                   skipped_frequency_cap, skipped_invalid_template, skipped_contact_deleted,
                                   opt_outs, spend_units)
  VALUES (organization, campaign, sg_campaign_stats_stripe(), recipients, pending, queued, sent, delivered,
          undelivered, failed, canceled, skipped_opted_out, skipped_country_not_allowed, skipped_frequency_cap,
          skipped_invalid_template, skipped_contact_deleted, opt_outs, spend_units)
  ON CONFLICT ON CONSTRAINT campaign_stats_pkey DO UPDATE SET
    recipients = s.recipients + excluded.recipients,
    pending = s.pending + excluded.pending,
    queued = s.queued + excluded.queued,
    sent = s.sent + excluded.sent,
    delivered = s.delivered + excluded.delivered,
    undelivered = s.undelivered + excluded.undelivered,
    failed = s.failed + excluded.failed,
    canceled = s.canceled + excluded.canceled,
    skipped_opted_out = s.skipped_opted_out + excluded.skipped_opted_out,
    skipped_country_not_allowed = s.skipped_country_not_allowed + excluded.skipped_country_not_allowed,
    skipped_frequency_cap = s.skipped_frequency_cap + excluded.skipped_frequency_cap,
    skipped_invalid_template = s.skipped_invalid_template + excluded.skipped_invalid_template,
    skipped_contact_deleted = s.skipped_contact_deleted + excluded.skipped_contact_deleted,
    opt_outs = s.opt_outs + excluded.opt_outs,
    spend_units = s.spend_units + excluded.spend_units
$$;

CREATE OR REPLACE FUNCTION sg_campaign_recipients_stats() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sg_add_campaign_stats(organization_id, campaign_id, recipients => n, pending => pending,
              canceled => canceled, skipped_opted_out => opted_out, skipped_country_not_allowed => country_not_allowed,
              skipped_frequency_cap => frequency_cap, skipped_invalid_template => invalid_template,
              skipped_contact_deleted => contact_deleted)
    FROM (
      SELECT organization_id, campaign_id, count(*) AS n,
             count(*) FILTER (WHERE status = 'PENDING') AS pending,
             count(*) FILTER (WHERE status = 'CANCELED') AS canceled,
             count(*) FILTER (WHERE skipped_reason = 'opted_out') AS opted_out,
             count(*) FILTER (WHERE skipped_reason = 'country_not_allowed') AS country_not_allowed,
             count(*) FILTER (WHERE skipped_reason = 'frequency_cap') AS frequency_cap,
             count(*) FILTER (WHERE skipped_reason = 'invalid_template') AS invalid_template,
             count(*) FILTER (WHERE skipped_reason = 'contact_deleted') AS contact_deleted
      FROM new_rows GROUP BY organization_id, campaign_id ORDER BY organization_id, campaign_id
    ) d;
  ELSE
    PERFORM sg_add_campaign_stats(organization_id, campaign_id, pending => pending, canceled => canceled,
              skipped_opted_out => opted_out, skipped_country_not_allowed => country_not_allowed,
              skipped_frequency_cap => frequency_cap, skipped_invalid_template => invalid_template,
              skipped_contact_deleted => contact_deleted)
    FROM (
      SELECT organization_id, campaign_id,
             coalesce(sum(sign) FILTER (WHERE status = 'PENDING'), 0) AS pending,
             coalesce(sum(sign) FILTER (WHERE status = 'CANCELED'), 0) AS canceled,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'opted_out'), 0) AS opted_out,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'country_not_allowed'), 0) AS country_not_allowed,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'frequency_cap'), 0) AS frequency_cap,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'invalid_template'), 0) AS invalid_template,
             coalesce(sum(sign) FILTER (WHERE skipped_reason = 'contact_deleted'), 0) AS contact_deleted
      FROM (
        SELECT organization_id, campaign_id, status::text AS status, skipped_reason, 1 AS sign FROM new_rows
        UNION ALL
        SELECT organization_id, campaign_id, status::text, skipped_reason, -1 FROM old_rows
      ) signed
      GROUP BY organization_id, campaign_id ORDER BY organization_id, campaign_id
    ) d
    WHERE pending <> 0 OR canceled <> 0 OR opted_out <> 0 OR country_not_allowed <> 0 OR frequency_cap <> 0
       OR invalid_template <> 0 OR contact_deleted <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION sg_campaign_messages_stats() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows WHERE batch_id LIKE 'cmp\_%') THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM sg_add_campaign_stats(organization_id, campaign_id, queued => queued, sent => sent,
              delivered => delivered, undelivered => undelivered, failed => failed, canceled => canceled,
              spend_units => spend)
    FROM (
      SELECT organization_id, batch_id AS campaign_id,
             count(*) FILTER (WHERE status = 'QUEUED') AS queued,
             count(*) FILTER (WHERE status = 'SENT') AS sent,
             count(*) FILTER (WHERE status = 'DELIVERED') AS delivered,
             count(*) FILTER (WHERE status = 'UNDELIVERED') AS undelivered,
             count(*) FILTER (WHERE status = 'FAILED') AS failed,
             count(*) FILTER (WHERE status = 'CANCELED') AS canceled,
             sum(price_units)::bigint AS spend
      FROM new_rows WHERE batch_id LIKE 'cmp\_%'
      GROUP BY organization_id, batch_id ORDER BY organization_id, batch_id
    ) d;
  ELSE
    PERFORM sg_add_campaign_stats(organization_id, campaign_id, queued => queued, sent => sent,
              delivered => delivered, undelivered => undelivered, failed => failed, canceled => canceled,
              spend_units => spend)
    FROM (
      SELECT organization_id, campaign_id,
             coalesce(sum(sign) FILTER (WHERE status = 'QUEUED'), 0) AS queued,
             coalesce(sum(sign) FILTER (WHERE status = 'SENT'), 0) AS sent,
             coalesce(sum(sign) FILTER (WHERE status = 'DELIVERED'), 0) AS delivered,
             coalesce(sum(sign) FILTER (WHERE status = 'UNDELIVERED'), 0) AS undelivered,
             coalesce(sum(sign) FILTER (WHERE status = 'FAILED'), 0) AS failed,
             coalesce(sum(sign) FILTER (WHERE status = 'CANCELED'), 0) AS canceled,
             coalesce(sum(sign * price_units), 0)::bigint AS spend
      FROM (
        SELECT organization_id, batch_id AS campaign_id, status::text AS status, price_units, 1 AS sign
        FROM new_rows WHERE batch_id LIKE 'cmp\_%'
        UNION ALL
        SELECT organization_id, batch_id, status::text, price_units, -1 FROM old_rows WHERE batch_id LIKE 'cmp\_%'
      ) signed
      GROUP BY organization_id, campaign_id ORDER BY organization_id, campaign_id
    ) d
    WHERE queued <> 0 OR sent <> 0 OR delivered <> 0 OR undelivered <> 0 OR failed <> 0 OR canceled <> 0
       OR spend <> 0;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION sg_campaign_opt_outs_inserted() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  PERFORM sg_add_campaign_stats(organization_id, campaign_id, opt_outs => n)
  FROM (
    SELECT r.organization_id, r.campaign_id, count(*) AS n
    FROM new_rows o
    JOIN campaign_recipients r ON r.organization_id = o.organization_id AND r.phone = o.phone
     AND r.accepted_at IS NOT NULL AND r.accepted_at >= o.opted_out_at - interval '7 days'
     AND r.accepted_at <= o.opted_out_at
    WHERE o.source = 'keyword'
    GROUP BY r.organization_id, r.campaign_id ORDER BY r.organization_id, r.campaign_id
  ) d;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION sg_campaign_daily_opt_outs() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO campaign_daily_stats AS d (organization_id, campaign_id, day, opt_outs)
  SELECT r.organization_id, r.campaign_id, (n.opted_out_at AT TIME ZONE 'UTC')::date, count(*)
  FROM new_rows n
  JOIN campaign_recipients r ON r.organization_id = n.organization_id AND r.phone = n.phone
   AND r.accepted_at IS NOT NULL AND r.accepted_at >= n.opted_out_at - interval '7 days'
   AND r.accepted_at <= n.opted_out_at
  WHERE n.source = 'keyword'
  GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT ON CONSTRAINT campaign_daily_stats_pkey DO UPDATE SET opt_outs = d.opt_outs + excluded.opt_outs;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION sg_campaign_links_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_links WHERE organization_id = OLD.organization_id AND campaign_id = OLD.id;
  DELETE FROM campaign_link_clickers WHERE organization_id = OLD.organization_id AND campaign_id = OLD.id;
  DELETE FROM campaign_daily_stats WHERE organization_id = OLD.organization_id AND campaign_id = OLD.id;
  RETURN OLD;
END
$$;

-- sg:step
-- Step 1, the backfill: each child row takes its parent's organization. A row whose parent is
-- gone (the click aggregates have no foreign key; their campaign's delete trigger removes them)
-- belongs to no one and goes.
UPDATE campaign_stats c SET organization_id = p.organization_id
FROM campaigns p WHERE p.id = c.campaign_id AND c.organization_id IS NULL;
-- sg:step
UPDATE campaign_daily_stats c SET organization_id = p.organization_id
FROM campaigns p WHERE p.id = c.campaign_id AND c.organization_id IS NULL;
DELETE FROM campaign_daily_stats WHERE organization_id IS NULL;
-- sg:step
UPDATE campaign_link_clickers c SET organization_id = p.organization_id
FROM campaigns p WHERE p.id = c.campaign_id AND c.organization_id IS NULL;
DELETE FROM campaign_link_clickers WHERE organization_id IS NULL;
-- sg:step
UPDATE contact_import_chunks c SET organization_id = p.organization_id
FROM contact_imports p WHERE p.id = c.import_id AND c.organization_id IS NULL;
-- sg:step
UPDATE refresh_tokens c SET organization_id = p.organization_id
FROM refresh_token_families p WHERE p.id = c.family_id AND c.organization_id IS NULL;
-- sg:step
UPDATE webhook_attempts c SET organization_id = p.organization_id
FROM webhook_deliveries p WHERE p.id = c.delivery_id AND c.organization_id IS NULL;

-- sg:step
SELECT sg_tenant_not_null(t)
FROM unnest(ARRAY['campaign_stats', 'campaign_daily_stats', 'campaign_link_clickers', 'contact_import_chunks',
                  'refresh_tokens', 'webhook_attempts']) AS t;
-- sg:step
SELECT sg_validate('campaign_stats', 'campaign_stats_organization_id_not_null');
-- sg:step
SELECT sg_validate('campaign_daily_stats', 'campaign_daily_stats_organization_id_not_null');
-- sg:step
SELECT sg_validate('campaign_link_clickers', 'campaign_link_clickers_organization_id_not_null');
-- sg:step
SELECT sg_validate('contact_import_chunks', 'contact_import_chunks_organization_id_not_null');
-- sg:step
SELECT sg_validate('refresh_tokens', 'refresh_tokens_organization_id_not_null');
-- sg:step
SELECT sg_validate('webhook_attempts', 'webhook_attempts_organization_id_not_null');
-- sg:step
SELECT sg_tenant_not_null_finish(t)
FROM unnest(ARRAY['campaign_stats', 'campaign_daily_stats', 'campaign_link_clickers', 'contact_import_chunks',
                  'refresh_tokens', 'webhook_attempts']) AS t;

-- Step 2: the new keys' and unique indexes' indexes, built concurrently.
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "api_keys_tenant_key" ON "api_keys" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "api_keys_key_hash_organization_id_key" ON "api_keys" ("key_hash", "organization_id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "campaigns_tenant_key" ON "campaigns" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "campaign_recipients_tenant_key" ON "campaign_recipients" ("organization_id", "campaign_id", "contact_id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "campaign_stats_tenant_key" ON "campaign_stats" ("organization_id", "campaign_id", "stripe");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "campaign_daily_stats_tenant_key" ON "campaign_daily_stats" ("organization_id", "campaign_id", "day");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "campaign_link_clickers_tenant_key" ON "campaign_link_clickers" ("organization_id", "campaign_id", "contact_id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "campaign_links_tenant_key" ON "campaign_links" ("organization_id", "code");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "contacts_tenant_key" ON "contacts" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "contact_imports_tenant_key" ON "contact_imports" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "contact_import_chunks_tenant_key" ON "contact_import_chunks" ("organization_id", "import_id", "seq");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "fraud_blocks_tenant_key" ON "fraud_blocks" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "fraud_blocked_attempts_tenant_key" ON "fraud_blocked_attempts" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "invitations_tenant_key" ON "invitations" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "invitations_token_hash_organization_id_key" ON "invitations" ("token_hash", "organization_id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "memberships_tenant_key" ON "memberships" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "refresh_token_families_tenant_key" ON "refresh_token_families" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "refresh_tokens_tenant_key" ON "refresh_tokens" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "refresh_tokens_token_hash_organization_id_key" ON "refresh_tokens" ("token_hash", "organization_id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhooks_tenant_key" ON "webhooks" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_deliveries_tenant_key" ON "webhook_deliveries" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_deliveries_organization_id_webhook_id_event_id_key" ON "webhook_deliveries" ("organization_id", "webhook_id", "event_id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_attempts_tenant_key" ON "webhook_attempts" ("organization_id", "id");
-- sg:step
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "webhook_attempts_organization_id_delivery_id_attempt_key" ON "webhook_attempts" ("organization_id", "delivery_id", "attempt");

-- sg:step
-- A tracked link is reached by its code alone (/l/{code}), before its organization is known, and a
-- code must lead to one link whatever the organization: campaign_links is keyed (organization_id,
-- code) like every tenant table, and this lookup, keyed by the code alone, keeps codes unique
-- across organizations and names the organization to look in. Written by triggers in the
-- statement that writes or deletes the links, so the two never disagree; a code drawn twice fails
-- that statement as the old key did (server/campaigns/links/insert-tracked-links.ts). Under Citus:
-- a reference table (docs/scaling.md).
CREATE TABLE IF NOT EXISTS "campaign_link_codes" (
  "code" TEXT COLLATE "C" NOT NULL,
  "organization_id" TEXT COLLATE "C" NOT NULL,
  CONSTRAINT "campaign_link_codes_pkey" PRIMARY KEY ("code")
);

CREATE OR REPLACE FUNCTION sg_campaign_link_codes_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO campaign_link_codes (code, organization_id) SELECT code, organization_id FROM new_rows;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION sg_campaign_link_codes_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM campaign_link_codes c USING old_rows o WHERE c.code = o.code AND c.organization_id = o.organization_id;
  RETURN NULL;
END
$$;

-- The triggers and the backfill in one transaction: the trigger's lock holds link writes back
-- until the codes written before are copied (a short wait: links are written a batch at a time).
DROP TRIGGER IF EXISTS campaign_link_codes_insert ON campaign_links;
CREATE TRIGGER campaign_link_codes_insert AFTER INSERT ON campaign_links
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_link_codes_insert();
DROP TRIGGER IF EXISTS campaign_link_codes_delete ON campaign_links;
CREATE TRIGGER campaign_link_codes_delete AFTER DELETE ON campaign_links
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_campaign_link_codes_delete();
INSERT INTO campaign_link_codes (code, organization_id) SELECT code, organization_id FROM campaign_links
ON CONFLICT (code) DO NOTHING;

-- Step 3: the swaps, a table or a family of tables (and their foreign keys) at a time.
-- sg:step
SELECT sg_tenant_key_swap('campaigns', 'campaigns_tenant_key');
SELECT sg_tenant_key_swap('campaign_recipients', 'campaign_recipients_tenant_key');
SELECT sg_tenant_key_swap('campaign_stats', 'campaign_stats_tenant_key');
SELECT sg_tenant_fk('campaign_recipients', 'campaign_id', 'campaigns');
SELECT sg_tenant_fk('campaign_stats', 'campaign_id', 'campaigns');
-- sg:step
SELECT sg_tenant_key_swap('campaign_daily_stats', 'campaign_daily_stats_tenant_key');
-- sg:step
SELECT sg_tenant_key_swap('campaign_link_clickers', 'campaign_link_clickers_tenant_key');
-- sg:step
SELECT sg_tenant_key_swap('campaign_links', 'campaign_links_tenant_key');
-- sg:step
SELECT sg_tenant_key_swap('webhooks', 'webhooks_tenant_key');
SELECT sg_tenant_key_swap('webhook_deliveries', 'webhook_deliveries_tenant_key');
SELECT sg_tenant_key_swap('webhook_attempts', 'webhook_attempts_tenant_key');
SELECT sg_tenant_fk('webhook_deliveries', 'webhook_id', 'webhooks');
SELECT sg_tenant_fk('webhook_attempts', 'delivery_id', 'webhook_deliveries');
-- sg:step
SELECT sg_tenant_key_swap('contact_imports', 'contact_imports_tenant_key');
SELECT sg_tenant_key_swap('contact_import_chunks', 'contact_import_chunks_tenant_key');
SELECT sg_tenant_fk('contact_import_chunks', 'import_id', 'contact_imports');
-- sg:step
SELECT sg_tenant_key_swap('refresh_token_families', 'refresh_token_families_tenant_key');
SELECT sg_tenant_key_swap('refresh_tokens', 'refresh_tokens_tenant_key');
SELECT sg_tenant_fk('refresh_tokens', 'family_id', 'refresh_token_families');
-- sg:step
SELECT sg_tenant_key_swap('api_keys', 'api_keys_tenant_key');
-- sg:step
SELECT sg_tenant_key_swap('contacts', 'contacts_tenant_key');
-- sg:step
SELECT sg_tenant_key_swap('fraud_blocks', 'fraud_blocks_tenant_key');
-- sg:step
SELECT sg_tenant_key_swap('fraud_blocked_attempts', 'fraud_blocked_attempts_tenant_key');
-- sg:step
SELECT sg_tenant_key_swap('invitations', 'invitations_tenant_key');
-- sg:step
SELECT sg_tenant_key_swap('memberships', 'memberships_tenant_key');

-- Step 4: the composite foreign keys are validated.
-- sg:step
SELECT sg_validate('campaign_recipients', 'campaign_recipients_organization_id_campaign_id_fkey');
-- sg:step
SELECT sg_validate('campaign_stats', 'campaign_stats_organization_id_campaign_id_fkey');
-- sg:step
SELECT sg_validate('webhook_deliveries', 'webhook_deliveries_organization_id_webhook_id_fkey');
-- sg:step
SELECT sg_validate('webhook_attempts', 'webhook_attempts_organization_id_delivery_id_fkey');
-- sg:step
SELECT sg_validate('contact_import_chunks', 'contact_import_chunks_organization_id_import_id_fkey');
-- sg:step
SELECT sg_validate('refresh_tokens', 'refresh_tokens_organization_id_family_id_fkey');

-- sg:step
-- Step 5: what the new keys replace: the unique indexes without organization_id and the separate
-- (organization_id, id) indexes (the key is that index now). A moment's lock each, no scan.
DROP INDEX IF EXISTS api_keys_key_hash_key;
DROP INDEX IF EXISTS invitations_token_hash_key;
DROP INDEX IF EXISTS refresh_tokens_token_hash_key;
DROP INDEX IF EXISTS webhook_deliveries_webhook_id_event_id_key;
DROP INDEX IF EXISTS webhook_attempts_delivery_id_attempt_key;
DROP INDEX IF EXISTS campaigns_organization_id_id_idx;
DROP INDEX IF EXISTS contact_imports_organization_id_id_idx;
DROP INDEX IF EXISTS contacts_organization_id_id_idx;
DROP INDEX IF EXISTS webhooks_organization_id_id_idx;
DROP INDEX IF EXISTS webhook_deliveries_organization_id_id_idx;
DROP INDEX IF EXISTS memberships_organization_id_idx;

-- sg:step
-- The rate limiter's check of a cached API key names the key's organization with its id.
DO $$
DECLARE
  def text := pg_get_functiondef('sg_rate_limit_take(text, text, integer, bigint, text, text, timestamptz)'::regprocedure);
BEGIN
  IF position('k.organization_id = p_org' IN def) = 0 THEN
    EXECUTE replace(def, 'WHERE k.id = p_key_id AND', 'WHERE k.organization_id = p_org AND k.id = p_key_id AND');
  END IF;
END
$$;

-- sg:step
-- The helpers above served this migration only.
DROP FUNCTION sg_tenant_not_null(text);
DROP FUNCTION sg_tenant_not_null_finish(text);
DROP FUNCTION sg_tenant_key_swap(text, text);
DROP FUNCTION sg_tenant_fk(text, text, text);
DROP FUNCTION sg_validate(text, text);
