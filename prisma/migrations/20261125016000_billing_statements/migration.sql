-- Statements of closed months (contract §8: "a closed month never changes"). The open month is
-- computed from the hourly aggregates on every read; the first read after a month has ended
-- stores its lines here, and from then on they are what that month's statement says, whatever
-- happens later to its messages (a late FAILED, retention deleting them).
CREATE TABLE "billing_statements" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    -- "2026-11"
    "period" TEXT COLLATE "C" NOT NULL,
    -- [{ country, pricePerSegmentUnits, messages, segments, amountUnits }]
    "lines" JSONB NOT NULL,
    "messages" BIGINT NOT NULL,
    "segments" BIGINT NOT NULL,
    "total_units" BIGINT NOT NULL,
    "closed_at" TIMESTAMPTZ(3) NOT NULL,
    CONSTRAINT "billing_statements_pkey" PRIMARY KEY ("organization_id", "period")
);
ALTER TABLE "billing_statements" ADD CONSTRAINT "billing_statements_organization_id_fkey"
  FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
