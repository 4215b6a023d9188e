import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import type { Db } from "../../db/client";
import { runSql } from "../../db/sql";
import { newId } from "../../ids";
import { sendJobEvent } from "../../jobs/send-event";
import type { ImportMapping } from "@/schemas/contact-imports";
import type { AuditActor } from "../../audit/actor";
import { auditContactsChange } from "../audit-contacts";
import { parseInImportThread } from "./import-thread";

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export { IMPORT_CHUNK_RECORDS } from "./parse-csv";

const INSERT_CHUNK_SQL = `INSERT INTO contact_import_chunks (organization_id, import_id, seq, first_record, header, records)
VALUES ($1, $2, $3, $4, $5, $6)`;

/**
 * POST /contacts/imports (contract §10): the CSV is parsed and checked on the import thread
 * (parse-csv.ts: header, U+0000, row length; 400 naming the row and column), never on the thread
 * that answers requests; then the import row is stored with its job, and the parsed rows in
 * job-sized chunks. The optional column mapping
 * (import-header.ts) is applied there too, so the chunks hold the rows as the import reads them.
 */
export async function startImport(
  db: Db,
  organizationId: string,
  csv: Buffer,
  actor?: AuditActor,
  mapping?: ImportMapping,
): Promise<{ id: string; status: "PENDING" }> {
  const parsed = await parseInImportThread(csv, mapping);
  const columns = JSON.stringify(parsed.header);
  const id = newId("imp");
  // The import row and its job commit first, so an accepted upload always has a job behind it; the
  // chunks follow in short statements of their own (one large transaction held PGlite, and with it
  // the event loop, for seconds). The job waits for `uploaded`, and fails the import if it never comes.
  await db.$transaction(async (tx) => {
    await tx.contactImport.create({
      data: { id, organizationId, csv: "", totalRows: parsed.total, uploaded: false },
    });
    await sendJobEvent(tx, "contacts/import.created", { importId: id });
    await auditContactsChange(tx, organizationId, actor, {
      action: "contactImport.started",
      resourceType: "contactImport",
      resourceId: id,
      before: null,
      after: { totalRows: parsed.total, status: "PENDING" },
    });
  });
  for (const [seq, chunk] of parsed.chunks.entries()) {
    await runSql(
      null,
      INSERT_CHUNK_SQL,
      [organizationId, id, seq, chunk.first, columns, chunk.json],
      "sg_insert_import_chunk",
    );
    // PGlite settles queries in microtasks: without this the loop would keep the event loop from I/O.
    await yieldToEventLoop();
  }
  await db.contactImport.update({ where: { organizationId_id: { organizationId, id } }, data: { uploaded: true } });
  return { id, status: "PENDING" };
}
