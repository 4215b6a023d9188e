import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Prisma, Db, DbOrTx } from "../../db/client";
import type { CsvRecord } from "./csv-records";
import { toImportedContact, type ImportedContact, type RowError } from "./import-row";
import { upsertContacts } from "./upsert-contacts";

export const IMPORT_BATCH = 1000;

/** The import's chunks are still being written by its POST. */
export class ImportNotUploaded extends Error {
  constructor(importId: string) {
    super(`The upload of import ${importId} did not complete.`);
  }
}
const MAX_ERRORS = 100;

/** Ends an import the job gave up on: FAILED with the reason, and its CSV deleted. */
export async function failImport(db: DbOrTx, importId: string, reason: string): Promise<void> {
  await db.contactImport.updateMany({
    where: { id: importId, status: { in: ["PENDING", "RUNNING"] } },
    data: { status: "FAILED", failureReason: reason.slice(0, 500), finishedAt: new Date() },
  });
  await db.contactImportChunk.deleteMany({ where: { importId } });
}

/**
 * One batch of an import, in one transaction: lock the import, read the chunk holding the
 * checkpoint, upsert its next rows in ONE multi-row statement, move the checkpoint and the counts,
 * and delete the chunk once it is used up. A crash before the commit leaves the checkpoint and the
 * chunk where they were, and the rerun upserts the same rows by phone: no duplicates, no double
 * counting. Rows the API would refuse, or the database cannot store, are row errors. Returns false
 * when the import is finished.
 */
export async function processImportBatch(db: Db, importId: string, batchSize = IMPORT_BATCH): Promise<boolean> {
  const more = await importBatch(db, importId, batchSize);
  // On PGlite every query settles in microtasks, so a loop of batches would never let the event loop
  // reach its I/O phase: the server would answer nothing until the import ended. Yield once per batch.
  await yieldToEventLoop();
  return more;
}

async function importBatch(db: Db, importId: string, batchSize: number): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM contact_imports WHERE id = ${importId} FOR UPDATE`;
      const imp = await tx.contactImport.findUnique({ where: { id: importId }, omit: { csv: true } });
      if (!imp || imp.status === "COMPLETED" || imp.status === "FAILED") return false;
      if (!imp.uploaded) throw new ImportNotUploaded(importId);
      const start = imp.processedRows;
      const chunk = await tx.contactImportChunk.findFirst({
        where: { importId, firstRecord: { lte: start } },
        orderBy: { seq: "desc" },
      });
      const header = chunk ? (JSON.parse(chunk.header) as string[]) : [];
      // Local numbers ("(415) 555-0177") are read in the organization's default country.
      const org = await tx.organization.findUnique({
        where: { id: imp.organizationId },
        select: { defaultCountry: true },
      });
      const records = chunk ? (JSON.parse(chunk.records) as CsvRecord[]) : [];
      const from = start - (chunk?.firstRecord ?? start);
      const slice = records.slice(from, from + batchSize);
      const errors = imp.errors as unknown as RowError[];
      const addError = (e: RowError) => {
        if (errors.length < MAX_ERRORS) errors.push(e);
      };
      const byPhone = new Map<string, ImportedContact>();
      let skipped = 0;
      slice.forEach((record, i) => {
        const contact = toImportedContact(header, record, start + i + 2, org?.defaultCountry ?? null); // +2: 1-based, after the header
        if ("message" in contact) {
          skipped++;
          addError(contact);
        } else {
          // A phone twice in one batch: the later row wins (one statement cannot update a row twice).
          if (byPhone.has(contact.phone)) skipped++;
          byPhone.set(contact.phone, contact);
        }
      });
      const stored = await upsertContacts(tx, imp.organizationId, [...byPhone.values()]);
      skipped += stored.errors.length;
      stored.errors.forEach(addError);
      // No chunk left (never expected): the import ends rather than waiting for rows that are gone.
      const processed = chunk ? start + slice.length : imp.totalRows;
      const done = processed >= imp.totalRows;
      if (chunk && from + slice.length >= records.length) {
        await tx.contactImportChunk.delete({ where: { importId_seq: { importId, seq: chunk.seq } } });
      }
      await tx.contactImport.update({
        where: { id: importId },
        data: {
          processedRows: processed,
          created: { increment: stored.created },
          updated: { increment: stored.updated },
          skipped: { increment: skipped },
          errors: errors as unknown as Prisma.InputJsonValue,
          status: done ? "COMPLETED" : "RUNNING",
          ...(done ? { finishedAt: new Date() } : {}),
        },
      });
      return !done;
    },
    { timeout: 60_000 },
  );
}
