-- Contacts and opt-outs (contract §10). Every id, organization id and prefix-searched text column is
-- COLLATE "C": ids compare bytewise, and `LIKE 'prefix%'` on a "C" column is a plain btree range scan.
-- Which index serves the contact list (server/contacts/list-contacts.ts), for an organization with
-- millions of contacts:
--   no filter / optedOut     contacts_organization_id_id_idx, walked backwards (newest first)
--   q (prefix of phone)      contacts_organization_id_phone_key (the uniqueness constraint)
--   q (prefix of a name)     contacts_organization_id_first_name_idx / _last_name_idx
--   q (prefix of an email)   contacts_organization_id_email_idx (emails are stored lowercase)
--   tag                      contacts_tags_idx (GIN, array containment)
-- A q search ORs the four prefix ranges (a BitmapOr), then sorts the (few) matches by id.
-- CreateTable
CREATE TABLE "contacts" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "phone" TEXT COLLATE "C" NOT NULL,
    "first_name" TEXT COLLATE "C",
    "last_name" TEXT COLLATE "C",
    "email" TEXT COLLATE "C",
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "tags" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_opt_outs" (
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "phone" TEXT COLLATE "C" NOT NULL,
    "source" TEXT NOT NULL,
    "opted_out_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_opt_outs_pkey" PRIMARY KEY ("organization_id","phone")
);

-- CreateIndex
CREATE INDEX "contacts_organization_id_id_idx" ON "contacts"("organization_id", "id");

-- CreateIndex
CREATE INDEX "contacts_organization_id_first_name_idx" ON "contacts"("organization_id", "first_name");

-- CreateIndex
CREATE INDEX "contacts_organization_id_last_name_idx" ON "contacts"("organization_id", "last_name");

-- CreateIndex
CREATE INDEX "contacts_organization_id_email_idx" ON "contacts"("organization_id", "email");

-- CreateIndex
CREATE INDEX "contacts_tags_idx" ON "contacts" USING GIN ("tags");

-- CreateIndex
CREATE UNIQUE INDEX "contacts_organization_id_phone_key" ON "contacts"("organization_id", "phone");

-- AddForeignKey
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_opt_outs" ADD CONSTRAINT "contact_opt_outs_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Receiving numbers: the number is the key, so it belongs to at most one organization; an
-- organization's own list reads (organization_id, number).
CREATE TABLE "phone_numbers" (
    "number" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "phone_numbers_pkey" PRIMARY KEY ("number")
);

-- CreateIndex
CREATE INDEX "phone_numbers_organization_id_number_idx" ON "phone_numbers"("organization_id", "number");

-- AddForeignKey
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- CSV imports: the CSV itself is stored with the row (durable across restarts); processed_rows is
-- the checkpoint the job commits with each batch's upsert.
CREATE TABLE "contact_imports" (
    "id" TEXT COLLATE "C" NOT NULL,
    "organization_id" TEXT COLLATE "C" NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'PENDING',
    "csv" TEXT NOT NULL,
    "total_rows" INTEGER NOT NULL,
    "processed_rows" INTEGER NOT NULL DEFAULT 0,
    "created" INTEGER NOT NULL DEFAULT 0,
    "updated" INTEGER NOT NULL DEFAULT 0,
    "skipped" INTEGER NOT NULL DEFAULT 0,
    "errors" JSONB NOT NULL DEFAULT '[]',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "contact_imports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "contact_imports_organization_id_id_idx" ON "contact_imports"("organization_id", "id");

-- AddForeignKey
ALTER TABLE "contact_imports" ADD CONSTRAINT "contact_imports_organization_id_fkey" FOREIGN KEY ("organization_id") REFERENCES "organizations"("id") ON DELETE CASCADE ON UPDATE CASCADE;
