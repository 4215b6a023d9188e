import type { Db } from "../../db/client";
import { AppError } from "../../errors";
import { newId } from "../../ids";
import { sendJobEvent } from "../../jobs/send-event";
import { parseCsv } from "./parse-csv";

export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;

/**
 * POST /contacts/imports (contract §10): checks the header, stores the CSV with the import row and
 * enqueues the job in the same transaction, so an accepted import is never lost.
 */
export async function startImport(
  db: Db,
  organizationId: string,
  csv: string,
): Promise<{ id: string; status: "PENDING" }> {
  const records = parseCsv(csv);
  const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
  if (!header.includes("phone")) {
    throw new AppError("invalid_request", "The CSV needs a header row with a `phone` column.", {
      details: [{ path: "csv", message: "missing phone column" }],
    });
  }
  const id = newId("imp");
  await db.$transaction(async (tx) => {
    await tx.contactImport.create({ data: { id, organizationId, csv, totalRows: records.length - 1 } });
    await sendJobEvent(tx, "contacts/import.created", { importId: id });
  });
  return { id, status: "PENDING" };
}
