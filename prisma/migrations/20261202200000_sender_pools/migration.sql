-- Sender pools (contract §15, issue 41): a named set of the organization's numbers and an optional
-- alphanumeric sender ID; a send `from: "pool_…"` picks one of them per recipient. Keyed by tenant
-- from the start (issue 40, Citus). The numbers are a text[] column: a pool has a few to a few
-- hundred, always read whole with the pool, and a number may be in several pools.
CREATE TABLE "sender_pools" (
  "organization_id" TEXT COLLATE "C" NOT NULL,
  "id" TEXT COLLATE "C" NOT NULL,
  "name" TEXT NOT NULL,
  "numbers" TEXT[] NOT NULL DEFAULT '{}',
  -- COLLATE "C" as every column named *_id (collation.int.test.ts), though it is a label.
  "alphanumeric_sender_id" TEXT COLLATE "C",
  "sticky_sender" BOOLEAN NOT NULL DEFAULT true,
  "geo_match" BOOLEAN NOT NULL DEFAULT true,
  "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
  CONSTRAINT "sender_pools_pkey" PRIMARY KEY ("organization_id", "id"),
  CONSTRAINT "sender_pools_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
