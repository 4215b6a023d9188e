-- A carrier receipt names the handset it is about where the carrier says so (an SMPP receipt's
-- source_addr, Twilio's To), in digits only: a receipt applies only to a message to that number,
-- as Kannel matches destination and id, because SMSCs reuse their message ids (issue 19, item 2).
ALTER TABLE "carrier_receipts" ADD COLUMN "handset" TEXT;
