-- Alerts (contract §16): server/alerts/. The webhook column remembers the "failing every attempt for 24 hours" alert.
-- CreateEnum
CREATE TYPE "AlertMetric" AS ENUM ('delivery_rate', 'error_rate', 'webhook_failure_rate', 'spend');

-- CreateEnum
CREATE TYPE "AlertState" AS ENUM ('ok', 'triggered');

-- AlterTable
ALTER TABLE "webhooks" ADD COLUMN     "failing_alerted_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "alerts" (
    "id" TEXT NOT NULL,
    "organization_id" TEXT NOT NULL,
    "metric" "AlertMetric" NOT NULL,
    "threshold" DOUBLE PRECISION,
    "threshold_units" BIGINT,
    "window_minutes" INTEGER NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "state" "AlertState" NOT NULL DEFAULT 'ok',
    "last_value" DOUBLE PRECISION,
    "last_evaluated_at" TIMESTAMPTZ(3),
    "triggered_at" TIMESTAMPTZ(3),
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "alerts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "alerts_organization_id_id_idx" ON "alerts"("organization_id", "id");

-- AddForeignKey
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

