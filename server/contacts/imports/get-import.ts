import type { DbOrTx } from "../../db/client";
import { AppError } from "../../errors";

export interface ImportView {
  id: string;
  status: "PENDING" | "RUNNING" | "COMPLETED" | "FAILED";
  totalRows: number;
  processedRows: number;
  created: number;
  updated: number;
  skipped: number;
  errors: { row: number; message: string; line?: number; value?: string }[];
  /** With status FAILED: why the import stopped. */
  failureReason: string | null;
}

/** GET /contacts/imports/:id: another organization's import answers 404. */
export async function getImportOrThrow(db: DbOrTx, organizationId: string, importId: string): Promise<ImportView> {
  const row = await db.contactImport.findFirst({
    where: { id: importId, organizationId },
    select: {
      id: true,
      status: true,
      totalRows: true,
      processedRows: true,
      created: true,
      updated: true,
      skipped: true,
      errors: true,
      failureReason: true,
    },
  });
  if (!row) throw new AppError("not_found", `No import with id ${importId}.`);
  return { ...row, status: row.status as ImportView["status"], errors: row.errors as ImportView["errors"] };
}
