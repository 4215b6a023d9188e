-- The word a keyword opt-out replied (STOP, UNSUBSCRIBE, …), so the dashboard shows what the person
-- wrote; NULL for other sources and for opt-outs written before. The index pages the dashboard's
-- list newest first.
-- AlterTable
ALTER TABLE "contact_opt_outs" ADD COLUMN     "keyword" TEXT;

-- CreateIndex
CREATE INDEX "contact_opt_outs_organization_id_opted_out_at_phone_idx" ON "contact_opt_outs"("organization_id", "opted_out_at" DESC, "phone" DESC);
