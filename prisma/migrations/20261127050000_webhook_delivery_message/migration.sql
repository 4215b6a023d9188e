-- A delivery of a message's event carries the message's id, so a message's drawer can list its
-- webhook deliveries by index (the relay copies it from the event payload). Older deliveries keep
-- NULL: they age out with the delivery log's retention.
-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "message_id" TEXT COLLATE "C";

-- CreateIndex
CREATE INDEX "webhook_deliveries_organization_id_message_id_id_idx" ON "webhook_deliveries"("organization_id", "message_id", "id");
