-- CreateTable
CREATE TABLE "carrier_receipts" (
    "id" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_message_id" TEXT NOT NULL,
    "message_id" TEXT,
    "status" TEXT NOT NULL,
    "error_code" TEXT,
    "error_message" TEXT,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "carrier_receipts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "carrier_receipts_provider_provider_message_id_idx" ON "carrier_receipts"("provider", "provider_message_id");

-- CreateIndex
CREATE INDEX "carrier_receipts_received_at_idx" ON "carrier_receipts"("received_at");

