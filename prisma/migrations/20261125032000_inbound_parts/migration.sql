-- Parts of concatenated inbound SMS (SMPP deliver_sm, contract §10), each stored before its
-- deliver_sm_resp. A set is one sender, receiving number, reference and part count; a part is
-- stored once (a redelivered part is a no-op). When the last part arrives, the set's parts are
-- deleted and the assembled message stored in the same transaction; sets still incomplete after
-- INBOUND_PART_TTL are deleted (received_at index).
CREATE TABLE "inbound_parts" (
    "provider" TEXT COLLATE "C" NOT NULL,
    "source" TEXT COLLATE "C" NOT NULL,
    "destination" TEXT COLLATE "C" NOT NULL,
    "reference" INTEGER NOT NULL,
    "total" INTEGER NOT NULL,
    "seq" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "inbound_parts_pkey" PRIMARY KEY ("provider", "source", "destination", "reference", "total", "seq")
);

CREATE INDEX "inbound_parts_received_at_idx" ON "inbound_parts"("received_at");
