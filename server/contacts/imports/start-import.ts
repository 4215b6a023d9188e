import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { sendJobEvent } from "../../jobs/send-event";
import { isStorableText } from "../../http/storable-text";
import { CsvRecordTooLarge, readCsvRecords, type CsvRecord } from "./csv-records";
import { planImport, type ImportPlan } from "./import-header";
import type { ImportMapping } from "@/schemas/contact-imports";
import type { AuditActor } from "../../audit/actor";
import { auditContactsChange } from "../audit-contacts";

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
/** A chunk is one job batch: at most this many records, … */
export const IMPORT_CHUNK_RECORDS = 1000;
/** … and about this many characters of JSON, so each statement and batch stays short. */
const IMPORT_CHUNK_CHARS = 64 * 1024;

/**
 * POST /contacts/imports (contract §10): parses the CSV once, in pieces that yield to the event loop
 * (csv-records.ts), and checks its header, read through the optional column mapping (import-header.ts);
 * then stores the import row with its job, and its parsed rows as the mapping reads them in job-sized
 * chunks. Text
 * PostgreSQL cannot store (U+0000) is refused here, naming its row and column.
 */
export async function startImport(
  db: Db,
  organizationId: string,
  csv: Buffer,
  actor?: AuditActor,
  mapping?: ImportMapping,
): Promise<{ id: string; status: "PENDING" }> {
  let plan: ImportPlan | undefined;
  const records: CsvRecord[] = [];
  const checkNul = csv.includes(0);
  try {
    await readCsvRecords(csv, (record, row) => {
      if (!plan) {
        plan = planImport("values" in record ? record.values : [], mapping);
        return;
      }
      if (checkNul && "values" in record) {
        const column = record.values.findIndex((v) => !isStorableText(v));
        if (column >= 0) {
          const name = plan.header[column] || `column ${column + 1}`;
          throw new AppError("invalid_request", `Row ${row}, \`${name}\`, holds U+0000, which cannot be stored.`, {
            details: [{ path: `csv.${row}.${name}`, message: "Text may not contain U+0000." }],
          });
        }
      }
      records.push("values" in record ? { ...record, values: plan.apply(record.values) } : record);
    });
  } catch (err) {
    if (err instanceof CsvRecordTooLarge) {
      throw new AppError("invalid_request", err.message, {
        details: [{ path: `csv.${err.row}`, message: "row too long" }],
      });
    }
    throw err;
  }
  const columns = JSON.stringify((plan ?? planImport([], mapping)).header);
  const id = newId("imp");
  // The import row and its job commit first, so an accepted upload always has a job behind it; the
  // chunks follow in short transactions of their own (one large one held PGlite, and with it the
  // event loop, for seconds). The job waits for `uploaded`, and fails the import if it never comes.
  await db.$transaction(async (tx) => {
    await tx.contactImport.create({
      data: { id, organizationId, csv: "", totalRows: records.length, uploaded: false },
    });
    await sendJobEvent(tx, "contacts/import.created", { importId: id });
    await auditContactsChange(tx, organizationId, actor, {
      action: "contactImport.started",
      resourceType: "contactImport",
      resourceId: id,
      before: null,
      after: { totalRows: records.length, status: "PENDING" },
    });
  });
  let seq = 0;
  for (const chunk of chunksOf(records)) {
    await db.contactImportChunk.create({
      data: { importId: id, seq: seq++, firstRecord: chunk.first, header: columns, records: chunk.json },
    });
    // PGlite settles queries in microtasks: without this the loop would keep the event loop from I/O.
    await yieldToEventLoop();
  }
  await db.contactImport.update({ where: { id }, data: { uploaded: true } });
  return { id, status: "PENDING" };
}

/** Consecutive records as JSON pieces of at most IMPORT_CHUNK_RECORDS records or IMPORT_CHUNK_CHARS. */
function* chunksOf(records: CsvRecord[]): Generator<{ first: number; json: string }> {
  let first = 0;
  let parts: string[] = [];
  let size = 0;
  for (let i = 0; i < records.length; i++) {
    const part = JSON.stringify(records[i]);
    if (parts.length > 0 && (parts.length >= IMPORT_CHUNK_RECORDS || size + part.length > IMPORT_CHUNK_CHARS)) {
      yield { first, json: `[${parts.join(",")}]` };
      first = i;
      parts = [];
      size = 0;
    }
    parts.push(part);
    size += part.length + 1;
  }
  if (parts.length > 0) yield { first, json: `[${parts.join(",")}]` };
}
