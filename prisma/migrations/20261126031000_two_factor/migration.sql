-- Two-factor sign-in (contract §12): a TOTP secret per user (sealed with AES-GCM, active once
-- confirmed), the last accepted time step (a code is accepted once), hashed single-use recovery
-- codes, and the organization's "require two-factor" switch.

CREATE TABLE "user_totp" (
    "user_id" TEXT COLLATE "C" NOT NULL,
    "secret_sealed" TEXT NOT NULL,
    "confirmed_at" TIMESTAMPTZ(3),
    -- The 30-second step of the last accepted code: a code of that step or an earlier one is refused.
    "last_used_step" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_totp_pkey" PRIMARY KEY ("user_id"),
    CONSTRAINT "user_totp_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "user_recovery_codes" (
    "id" TEXT COLLATE "C" NOT NULL,
    "user_id" TEXT COLLATE "C" NOT NULL,
    -- SHA-256 of the normalized code: the code itself is shown once and never stored.
    "code_hash" TEXT COLLATE "C" NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "user_recovery_codes_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "user_recovery_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
CREATE UNIQUE INDEX "user_recovery_codes_user_id_code_hash_key" ON "user_recovery_codes" ("user_id", "code_hash");

CREATE TABLE "organization_security" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "require_mfa" BOOLEAN NOT NULL DEFAULT false,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "organization_security_pkey" PRIMARY KEY ("organization_id"),
    CONSTRAINT "organization_security_organization_id_fkey" FOREIGN KEY ("organization_id")
        REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE
);
