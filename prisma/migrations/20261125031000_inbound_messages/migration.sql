-- Inbound messages (contract §10): a message a phone sent to one of an organization's numbers lives
-- in the messages table with direction 'inbound' and status RECEIVED.
--
-- The hot path keeps its cost: a NOT NULL column with a constant default is a catalog change (no
-- table rewrite), and outbound inserts leave it to the default. Inbound rows never match the
-- pipeline's claim (status QUEUED) nor the sandbox receipts (status SENT), and are never billed
-- (price_units 0, never charged: only the accepting statement of outbound messages charges).
CREATE TYPE "MessageDirection" AS ENUM ('outbound', 'inbound');
ALTER TABLE "messages" ADD COLUMN "direction" "MessageDirection" NOT NULL DEFAULT 'outbound';

-- Not used in this migration's transaction (a new enum value cannot be, before it commits).
ALTER TYPE "MessageStatus" ADD VALUE IF NOT EXISTS 'RECEIVED';

-- History with direction=inbound for an organization with millions of outbound messages: a
-- partial index of the inbound rows alone, in the list's order. Outbound inserts do not write it.
CREATE INDEX "messages_inbound_organization_id_id_idx" ON "messages" ("organization_id", "id")
  WHERE "direction" = 'inbound';

-- The hourly aggregates count outbound messages only (analytics, usage and statements are about
-- what was sent and billed). Inbound rows never change status, so the update trigger never sees them.
CREATE OR REPLACE FUNCTION sg_message_stats_inserted() RETURNS trigger LANGUAGE plpgsql SET jit = off AS $$
BEGIN
  INSERT INTO message_stats_hourly AS s
    (organization_id, environment, hour, country, price_per_segment_units, accepted, segments, price_units)
  SELECT organization_id, environment, date_trunc('hour', created_at, 'UTC'), coalesce(country, ''),
         CASE WHEN segments > 0 THEN price_units / segments ELSE 0 END,
         count(*), sum(segments), sum(price_units)
  FROM new_rows
  WHERE direction = 'outbound'
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_id, environment, hour, country, price_per_segment_units) DO UPDATE SET
    accepted = s.accepted + excluded.accepted,
    segments = s.segments + excluded.segments,
    price_units = s.price_units + excluded.price_units;
  RETURN NULL;
END
$$;

-- Keyword handling per organization (contract §10): absent row = the defaults (keywords on, the
-- service's reply texts). An empty reply text sends no reply.
CREATE TABLE "inbound_settings" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "keywords_enabled" BOOLEAN NOT NULL DEFAULT true,
    "stop_reply" TEXT,
    "start_reply" TEXT,
    "help_reply" TEXT,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_settings_pkey" PRIMARY KEY ("organization_id")
);

ALTER TABLE "inbound_settings" ADD CONSTRAINT "inbound_settings_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
