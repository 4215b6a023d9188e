-- Billing settings (contract §8) and the month-to-date spend row the spend limit is checked against.
-- AlterTable
ALTER TABLE "organizations" ADD COLUMN     "alert_thresholds" INTEGER[] DEFAULT ARRAY[50, 80, 100]::INTEGER[],
ADD COLUMN     "allowed_countries" JSONB,
ADD COLUMN     "monthly_spend_limit_units" BIGINT;

-- CreateTable
CREATE TABLE "billing_months" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "month" DATE NOT NULL,
    "spend_units" BIGINT NOT NULL DEFAULT 0,
    "messages" BIGINT NOT NULL DEFAULT 0,
    "segments" BIGINT NOT NULL DEFAULT 0,
    "thresholds_reached" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "billing_months_pkey" PRIMARY KEY ("organization_id","month")
);

-- AddForeignKey
ALTER TABLE "billing_months" ADD CONSTRAINT "billing_months_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

