-- OTP fraud guard (contract §12): per organization and environment, OTP sends and verifies are
-- counted by destination prefix (the E.164 number without its last 4 digits) and hour; a prefix
-- with many sends and few verifies is blocked for 12 hours. Sends are counted, and the decision
-- taken, by one statement in the OTP send transaction (server/fraud/decide-otp-send.ts); verifies
-- by the trigger below, in the statement that approves the code.

CREATE TABLE "fraud_guard_settings" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "level" TEXT NOT NULL DEFAULT 'standard',
    -- E.164 numbers or prefixes ("+" and 1 to 14 digits) never blocked.
    "safe_list" TEXT[] COLLATE "C" NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "fraud_guard_settings_pkey" PRIMARY KEY ("organization_id"),
    CONSTRAINT "fraud_guard_settings_level_check" CHECK ("level" IN ('off', 'standard', 'strict')),
    CONSTRAINT "fraud_guard_settings_organization_id_fkey" FOREIGN KEY ("organization_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Keyed by the hour of the send (UTC); a verify counts in the hour its code was sent, so a
-- prefix's conversion compares like with like.
CREATE TABLE "fraud_counters" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "prefix" TEXT COLLATE "C" NOT NULL,
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "sends" INTEGER NOT NULL DEFAULT 0,
    "verified" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "fraud_counters_pkey" PRIMARY KEY ("organization_id", "environment", "prefix", "hour")
);
CREATE INDEX "fraud_counters_hour_idx" ON "fraud_counters" ("hour");

CREATE TABLE "fraud_blocks" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "prefix" TEXT COLLATE "C" NOT NULL,
    "country" TEXT,
    "level" TEXT NOT NULL,
    "min_sends" INTEGER NOT NULL,
    "min_conversion" DOUBLE PRECISION NOT NULL,
    -- The figures that caused the block: sends and verifies in the hour before it.
    "sends" INTEGER NOT NULL,
    "verified" INTEGER NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "blocked_at" TIMESTAMPTZ(3) NOT NULL,
    "until" TIMESTAMPTZ(3) NOT NULL,
    -- Set when a user unblocks the prefix before "until".
    "lifted_at" TIMESTAMPTZ(3),
    "lifted_by_user_id" TEXT COLLATE "C",

    CONSTRAINT "fraud_blocks_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "fraud_blocks_organization_id_fkey" FOREIGN KEY ("organization_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
-- The send path's lookup of a prefix's active block.
CREATE INDEX "fraud_blocks_active_idx" ON "fraud_blocks" ("organization_id", "environment", "prefix", "until")
    WHERE "lifted_at" IS NULL;
-- The list, newest first.
CREATE INDEX "fraud_blocks_list_idx" ON "fraud_blocks" ("organization_id", "blocked_at" DESC, "id" DESC);

-- OTP sends refused with suspected_fraud: not sent and not billed, kept so the OTP page can show them.
CREATE TABLE "fraud_blocked_attempts" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "environment" "KeyEnvironment" NOT NULL,
    "block_id" TEXT COLLATE "C" NOT NULL,
    "to_number" TEXT COLLATE "C" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "fraud_blocked_attempts_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "fraud_blocked_attempts_organization_id_fkey" FOREIGN KEY ("organization_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE INDEX "fraud_blocked_attempts_list_idx" ON "fraud_blocked_attempts" ("organization_id", "created_at" DESC, "id" DESC);

-- A verified code counts in its send's hour, in the statement that approves it.
CREATE FUNCTION sg_fraud_count_verified() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE fraud_counters SET verified = verified + 1
  WHERE organization_id = NEW.organization_id AND environment = NEW.environment
    AND prefix = left(NEW.to_number, length(NEW.to_number) - 4)
    AND hour = date_trunc('hour', NEW.created_at, 'UTC');
  RETURN NULL;
END $$;

CREATE TRIGGER "otp_codes_fraud_verified" AFTER UPDATE OF "status" ON "otp_codes"
    FOR EACH ROW WHEN (NEW."status" = 'APPROVED' AND OLD."status" <> 'APPROVED')
    EXECUTE FUNCTION sg_fraud_count_verified();
