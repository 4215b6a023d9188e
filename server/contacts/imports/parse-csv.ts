import { AppError } from "../../errors";
import { isStorableText } from "../../http/storable-text";
import { CsvRecordTooLarge, readCsvRecords, type CsvRecord } from "./csv-records";
import { planImport, type ImportPlan } from "./import-header";
import type { ImportMapping } from "@/schemas/contact-imports";

/** A chunk is one job batch: at most this many records, … */
export const IMPORT_CHUNK_RECORDS = 1000;
/**
 * … and about this many characters of JSON, so each batch's statement stays short: on embedded
 * PGlite a statement holds the event loop for as long as it runs (the 100-column rows of a wide
 * file come about a hundred to a chunk).
 */
export const IMPORT_CHUNK_CHARS = 32 * 1024;

export interface ParsedCsv {
  /** The header row as the import reads it, through the mapping (planImport). */
  header: string[];
  /** Records after the header, blank lines left out. */
  total: number;
  /** Consecutive records as the JSON the job reads (`first` is the index of the chunk's first record). */
  chunks: { first: number; json: string }[];
}

/**
 * The CSV of POST /contacts/imports (contract §10) parsed and checked, in the import thread
 * (import-thread.ts): the header read through the optional column mapping (import-header.ts: 400 without `phone`, with too many columns, a name twice…), text
 * PostgreSQL cannot store (U+0000, 400 naming its row and column), rows too long (400), and the
 * records in job-sized chunks.
 */
export async function parseImportCsv(csv: Buffer, mapping?: ImportMapping): Promise<ParsedCsv> {
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
  const header = (plan ?? planImport([], mapping)).header;
  return { header, total: records.length, chunks: [...chunksOf(records)] };
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
