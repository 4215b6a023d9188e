-- Issue 25: an import the job gives up on ends FAILED with its reason.
ALTER TABLE "contact_imports" ADD COLUMN "failure_reason" TEXT;
ALTER TABLE "contact_imports" ADD COLUMN "uploaded" BOOLEAN NOT NULL DEFAULT true;

-- The parsed rows of an import in job-sized pieces, deleted as they are imported.
CREATE TABLE "contact_import_chunks" (
    "import_id" TEXT COLLATE "C" NOT NULL,
    "seq" INTEGER NOT NULL,
    "first_record" INTEGER NOT NULL,
    "header" TEXT NOT NULL,
    "records" TEXT NOT NULL,
    CONSTRAINT "contact_import_chunks_pkey" PRIMARY KEY ("import_id", "seq")
);
ALTER TABLE "contact_import_chunks" ADD CONSTRAINT "contact_import_chunks_import_id_fkey"
  FOREIGN KEY ("import_id") REFERENCES "contact_imports"("id") ON DELETE CASCADE ON UPDATE CASCADE;
