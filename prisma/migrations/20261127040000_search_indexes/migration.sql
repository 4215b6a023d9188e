-- Search at millions of rows (issue 30, item 3). Every search below is a btree range or a GIN lookup;
-- server/messages/list-messages.ts and server/contacts/list-contacts.ts write the matching predicates,
-- and server/search/search-plans.int.test.ts checks each plan on PGlite and PostgreSQL.
--
-- Messages by the last digits of the recipient ("5550001" finds +15005550001): an expression index on
-- the reversed number, so a suffix is a prefix of reverse(to_number) and `LIKE '1000555%'` a range.
-- An expression, not a stored column: PostgreSQL computes it in the same INSERT (both writers, the
-- accepting statement and inbound storage, need no change), and the heap row stays as it was. Its cost
-- on the hot path is one more btree entry per written row version. No id in the key: the entries of one
-- number are equal and btree deduplication keeps them in one posting list; the matches (a few numbers'
-- messages) are sorted by id.
CREATE INDEX "messages_organization_id_to_reversed_idx"
  ON "messages" ("organization_id", (reverse("to_number") COLLATE "C"));

-- Contacts: case-insensitive prefix search. The columns are COLLATE "C", so lower() of them is too and
-- `lower(first_name) LIKE 'ada%'` is a range of these indexes. The full name is first and last joined by
-- one space ("ada lovelace"); null unless both are set (a single name is served by its own index).
CREATE INDEX "contacts_organization_id_first_name_lower_idx"
  ON "contacts" ("organization_id", (lower("first_name") COLLATE "C"));
CREATE INDEX "contacts_organization_id_last_name_lower_idx"
  ON "contacts" ("organization_id", (lower("last_name") COLLATE "C"));
CREATE INDEX "contacts_organization_id_full_name_lower_idx"
  ON "contacts" ("organization_id", (lower("first_name" || ' ' || "last_name") COLLATE "C"));
-- Emails are stored lower-case already (schemas/contacts.ts), but rows written before that rule, or by
-- SQL, may not be: the expression makes the search independent of how a row was written.
CREATE INDEX "contacts_organization_id_email_lower_idx"
  ON "contacts" ("organization_id", (lower("email") COLLATE "C"));
-- The case-sensitive name and email indexes served only the old case-sensitive search.
DROP INDEX IF EXISTS "contacts_organization_id_first_name_idx";
DROP INDEX IF EXISTS "contacts_organization_id_last_name_idx";
DROP INDEX IF EXISTS "contacts_organization_id_email_idx";

-- Tags, case-insensitive: "VIP" finds contacts tagged "vip". The tags keep the case they were written in.
CREATE FUNCTION sg_lower_tags(tags text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(lower(t)), '{}') FROM unnest(tags) t $$;
CREATE INDEX "contacts_tags_lower_idx" ON "contacts" USING GIN (sg_lower_tags("tags"));
DROP INDEX IF EXISTS "contacts_tags_idx";

-- The tag picker: each organization's tags with how many contacts carry them, kept by statement
-- triggers from the rows each statement changed (an import's batch upsert is one statement, so one
-- upsert of its tags). Keyed by the lower-cased tag; `tag` is how it was first written. No foreign
-- key: deleting an organization deletes its contacts, whose trigger empties these rows.
CREATE TABLE "contact_tags" (
  "organization_id" TEXT COLLATE "C" NOT NULL,
  "tag_key" TEXT COLLATE "C" NOT NULL,
  "tag" TEXT NOT NULL,
  "contacts" INTEGER NOT NULL,
  CONSTRAINT "contact_tags_pkey" PRIMARY KEY ("organization_id", "tag_key")
);

CREATE FUNCTION sg_contact_tags_add(delta jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- delta: [{o, k, t, n}], one per organization and tag; in key order, so concurrent statements
  -- lock the same rows in the same order.
  INSERT INTO contact_tags AS c (organization_id, tag_key, tag, contacts)
  SELECT d->>'o', d->>'k', d->>'t', (d->>'n')::int
  FROM jsonb_array_elements(delta) d WHERE (d->>'n')::int > 0
  ORDER BY 1, 2
  ON CONFLICT (organization_id, tag_key) DO UPDATE SET contacts = c.contacts + excluded.contacts;
  UPDATE contact_tags c SET contacts = c.contacts + (d->>'n')::int
  FROM jsonb_array_elements(delta) d
  WHERE (d->>'n')::int < 0 AND c.organization_id = d->>'o' AND c.tag_key = d->>'k';
  DELETE FROM contact_tags c USING jsonb_array_elements(delta) d
  WHERE (d->>'n')::int < 0 AND c.organization_id = d->>'o' AND c.tag_key = d->>'k' AND c.contacts <= 0;
END $$;

CREATE FUNCTION sg_contact_tags_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sg_contact_tags_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('o', o, 'k', k, 't', t, 'n', n) ORDER BY o, k)
    FROM (SELECT organization_id AS o, lower(t) AS k, min(t) AS t, count(DISTINCT id) AS n
          FROM new_rows, unnest(tags) t GROUP BY 1, 2) d), '[]'));
  RETURN NULL;
END $$;

CREATE FUNCTION sg_contact_tags_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sg_contact_tags_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('o', o, 'k', k, 't', t, 'n', n) ORDER BY o, k)
    FROM (SELECT o, k, min(t) AS t, sum(n)::int AS n FROM (
            SELECT id, organization_id AS o, lower(t) AS k, min(t) AS t, 1 AS n FROM new_rows, unnest(tags) t
            GROUP BY 1, 2, 3
            UNION ALL
            SELECT id, organization_id, lower(t), min(t), -1 FROM old_rows, unnest(tags) t GROUP BY 1, 2, 3) x
          GROUP BY 1, 2 HAVING sum(n) <> 0) d), '[]'));
  RETURN NULL;
END $$;

CREATE FUNCTION sg_contact_tags_on_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM sg_contact_tags_add(coalesce((
    SELECT jsonb_agg(jsonb_build_object('o', o, 'k', k, 't', k, 'n', -n) ORDER BY o, k)
    FROM (SELECT organization_id AS o, lower(t) AS k, count(DISTINCT id) AS n
          FROM old_rows, unnest(tags) t GROUP BY 1, 2) d), '[]'));
  RETURN NULL;
END $$;

CREATE TRIGGER contact_tags_insert AFTER INSERT ON contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_contact_tags_on_insert();
CREATE TRIGGER contact_tags_update AFTER UPDATE ON contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_contact_tags_on_update();
CREATE TRIGGER contact_tags_delete AFTER DELETE ON contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION sg_contact_tags_on_delete();

INSERT INTO contact_tags (organization_id, tag_key, tag, contacts)
SELECT organization_id, lower(t), min(t), count(DISTINCT id) FROM contacts, unnest(tags) t GROUP BY 1, 2;

-- Contacts' local numbers ("(415) 555-0177") are read in this country (issue 30, item 4).
ALTER TABLE "organizations" ADD COLUMN "default_country" TEXT;
