import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { getDriver, type Db, type DbOrTx } from "../../db/client";
import { inDriverTransaction, type RawTx } from "../../db/driver-transaction";
import type { RowError } from "./import-row";
import { convertInImportThread } from "./import-thread";
import { upsertPayloadRows } from "./upsert-contacts";

export const IMPORT_BATCH = 1000;

/**
 * On embedded PGlite a statement runs on this thread: a batch's upsert goes in statements of about
 * this much JSON (some fifty wide rows), one per turn of the event loop. PostgreSQL takes a batch in one.
 */
const PGLITE_UPSERT_CHARS = 16 * 1024;

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

interface ImportRow {
  organization_id: string;
  status: string;
  uploaded: boolean;
  total_rows: number;
  processed_rows: number;
  errors: unknown;
  default_country: string | null;
}

// The import, locked for the batch, with its organization's default country.
const LOCK_SQL = `
SELECT i.organization_id, i.status, i.uploaded, i.total_rows, i.processed_rows, i.errors, o.default_country
FROM contact_imports i JOIN organizations o ON o.id = i.organization_id
WHERE i.id = $1 FOR UPDATE OF i`;

// The chunk holding the checkpoint.
const CHUNK_SQL = `
SELECT seq, first_record, header, records FROM contact_import_chunks
WHERE organization_id = $3 AND import_id = $1 AND first_record <= $2 ORDER BY seq DESC LIMIT 1`;

const PROGRESS_SQL = `
UPDATE contact_imports SET processed_rows = $2, created = created + $3, updated = updated + $4,
  skipped = skipped + $5, errors = $6::jsonb, status = $7,
  finished_at = CASE WHEN $7 = 'COMPLETED' THEN $8::timestamptz ELSE finished_at END
WHERE organization_id = $9 AND id = $1`;

/**
 * One batch of an import, in one transaction: lock the import, read the chunk holding the
 * checkpoint, convert its next rows (on the import thread), upsert them in ONE statement, move
 * the checkpoint and the counts, and delete the chunk once it is used up. A crash before the
 * commit leaves the checkpoint and the chunk where they were, and the rerun upserts the same rows
 * by phone: no duplicates, no double counting. Rows the API would refuse, or the database cannot
 * store, are row errors. Returns false when the import is finished.
 *
 * On the raw driver, one statement per turn of the event loop: on embedded PGlite each statement
 * runs on this thread, and a batch in one piece (with Prisma's query compiler on top) held the
 * event loop long enough to show in every request's latency.
 */
export async function processImportBatch(_db: Db, importId: string, batchSize = IMPORT_BATCH): Promise<boolean> {
  const more = await inDriverTransaction((tx) => importBatch(tx, importId, batchSize));
  await yieldToEventLoop();
  return more;
}

async function importBatch(tx: RawTx, importId: string, batchSize: number): Promise<boolean> {
  const step = async <T>(statement: PromiseLike<T>): Promise<T> => {
    const result = await statement;
    // PGlite settles queries in microtasks: let the event loop reach its I/O between statements.
    await yieldToEventLoop();
    return result;
  };
  const [imp] = await step(tx.$queryRawUnsafe<ImportRow[]>(LOCK_SQL, importId));
  if (!imp || imp.status === "COMPLETED" || imp.status === "FAILED") return false;
  if (!imp.uploaded) throw new ImportNotUploaded(importId);
  const start = Number(imp.processed_rows);
  const total = Number(imp.total_rows);
  const [chunk] = await step(
    tx.$queryRawUnsafe<{ seq: number; first_record: number; header: string; records: string }[]>(
      CHUNK_SQL,
      importId,
      start,
      imp.organization_id,
    ),
  );
  const from = start - Number(chunk?.first_record ?? start);
  const converted = chunk
    ? await convertInImportThread({
        header: JSON.parse(chunk.header) as string[],
        records: chunk.records,
        from,
        count: batchSize,
        firstRow: start + 2, // 1-based, after the header
        defaultCountry: imp.default_country,
        partChars: getDriver().kind === "pglite" ? PGLITE_UPSERT_CHARS : null,
      })
    : undefined;
  const stored = { created: 0, updated: 0, errors: [] as RowError[] };
  for (const part of converted?.parts ?? []) {
    const result = await step(upsertPayloadRows(tx, imp.organization_id, part.payload, part.rows));
    stored.created += result.created;
    stored.updated += result.updated;
    stored.errors.push(...result.errors);
  }
  const errors = (typeof imp.errors === "string" ? JSON.parse(imp.errors) : imp.errors) as RowError[];
  for (const e of [...(converted?.errors ?? []), ...stored.errors]) if (errors.length < MAX_ERRORS) errors.push(e);
  // No chunk left (never expected): the import ends rather than waiting for rows that are gone.
  const processed = converted ? start + converted.converted : total;
  const done = processed >= total;
  if (chunk && converted && from + converted.converted >= converted.chunkRecords) {
    await step(
      tx.$executeRawUnsafe(
        `DELETE FROM contact_import_chunks WHERE organization_id = $3 AND import_id = $1 AND seq = $2`,
        importId,
        chunk.seq,
        imp.organization_id,
      ),
    );
  }
  await tx.$executeRawUnsafe(
    PROGRESS_SQL,
    importId,
    processed,
    stored.created,
    stored.updated,
    (converted?.skipped ?? 0) + stored.errors.length,
    JSON.stringify(errors),
    done ? "COMPLETED" : "RUNNING",
    new Date().toISOString(),
    imp.organization_id,
  );
  return !done;
}
