-- Single-part SMPP MO stored but not yet acknowledged (deliver_sm_resp not yet written): SMPP MO
-- carries no message id, so a redelivery after a crash is recognized by this fingerprint instead.
-- A row lives from the statement that stores the message until its resp is written (or it expires).
CREATE TABLE "smpp_unacked_mo" (
    "delivery_id" TEXT COLLATE "C" NOT NULL,
    "fingerprint" TEXT COLLATE "C" NOT NULL,
    "session_id" TEXT COLLATE "C" NOT NULL,
    "message_id" TEXT COLLATE "C" NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL,

    -- One index on a table written and deleted from for every single-part MO: found by fingerprint,
    -- deleted by (fingerprint, delivery).
    CONSTRAINT "smpp_unacked_mo_pkey" PRIMARY KEY ("fingerprint", "delivery_id")
);
