import { newId } from "../../ids";
import { storedCountryOf } from "../contact-country";
import type { CsvRecord } from "./csv-records";
import { toImportedContact, type ImportedContact, type RowError } from "./import-row";

/** A row as the upsert writes it: its new id (kept only if the phone is new) and its country. */
export interface UpsertRow extends ImportedContact {
  id: string;
  country: string;
}

export function asUpsertRows(contacts: readonly ImportedContact[]): UpsertRow[] {
  return contacts.map((c) => ({ ...c, id: newId("ct"), country: storedCountryOf(c.phone) }));
}

/** The upsert's one parameter (upsert-contacts.ts): the rows as JSON, in the statement's column names. */
export function upsertPayload(rows: readonly UpsertRow[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      phone: r.phone,
      country: r.country,
      first_name: r.firstName,
      last_name: r.lastName,
      email: r.email,
      attributes: r.attributes,
      tags: r.tags,
    })),
  );
}

export interface ConvertTask {
  header: string[];
  /** The chunk's records, as stored (parse-csv.ts). */
  records: string;
  /** The slice of the chunk to convert. */
  from: number;
  count: number;
  /** The CSV row number of the slice's first record (the header is row 1). */
  firstRow: number;
  /** Local numbers ("(415) 555-0177") are read in the organization's default country. */
  defaultCountry: string | null;
  /** Upsert statements of about this many characters of JSON at most (null: one for the batch). */
  partChars: number | null;
}

/** One upsert statement's rows: as upsertPayload() writes them, and their CSV row numbers in order. */
export interface UpsertPart {
  payload: string;
  rows: number[];
}

export interface Converted {
  /** The rows to upsert, in one statement each (ConvertTask.partChars). */
  parts: UpsertPart[];
  /** Rows refused before the database (bad phone, the API's rules), at most as many as the slice. */
  errors: RowError[];
  /** Rows not written: refused, or a phone repeated later in the slice. */
  skipped: number;
  /** Records in the slice, and in the whole chunk. */
  converted: number;
  chunkRecords: number;
}

/** One batch's rows checked and made ready to upsert (in the import thread: the CPU part of a batch). */
export function convertRows(task: ConvertTask): Converted {
  const records = JSON.parse(task.records) as CsvRecord[];
  const slice = records.slice(task.from, task.from + task.count);
  const errors: RowError[] = [];
  const byPhone = new Map<string, ImportedContact>();
  let skipped = 0;
  slice.forEach((record, i) => {
    const contact = toImportedContact(task.header, record, task.firstRow + i, task.defaultCountry);
    if ("message" in contact) {
      skipped++;
      errors.push(contact);
    } else {
      // A phone twice in one batch: the later row wins (one statement cannot update a row twice).
      if (byPhone.has(contact.phone)) skipped++;
      byPhone.set(contact.phone, contact);
    }
  });
  return {
    parts: partsOf(asUpsertRows([...byPhone.values()]), task.partChars),
    errors,
    skipped,
    converted: slice.length,
    chunkRecords: records.length,
  };
}

/** Consecutive rows in parts of about `partChars` characters of JSON (at least one row each). */
function partsOf(rows: UpsertRow[], partChars: number | null): UpsertPart[] {
  if (rows.length === 0) return [];
  if (partChars === null) return [{ payload: upsertPayload(rows), rows: rows.map((r) => r.row) }];
  const parts: UpsertPart[] = [];
  let part: UpsertRow[] = [];
  let size = 0;
  for (const row of rows) {
    const length = upsertPayload([row]).length;
    if (part.length > 0 && size + length > partChars) {
      parts.push({ payload: upsertPayload(part), rows: part.map((r) => r.row) });
      part = [];
      size = 0;
    }
    part.push(row);
    size += length;
  }
  parts.push({ payload: upsertPayload(part), rows: part.map((r) => r.row) });
  return parts;
}
