import { Prisma, type Db } from "../../db/client";
import { newId } from "../../ids";
import { validatePhoneNumber } from "@/schemas/phone";
import { MAX_CONTACT_ATTRIBUTES, MAX_CONTACT_TAGS } from "@/schemas/contacts";
import { parseCsv } from "./parse-csv";

export const IMPORT_BATCH = 1000;
const MAX_ERRORS = 100;
const KNOWN = new Set(["phone", "first_name", "last_name", "email", "tags"]);

interface RowError {
  row: number;
  message: string;
}

interface Parsed {
  phone: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  tags: string[];
  attributes: Record<string, string>;
}

function toContact(header: string[], values: string[], rowNumber: number): Parsed | RowError {
  const get = (name: string) => {
    const i = header.indexOf(name);
    const v = i < 0 ? "" : (values[i] ?? "").trim();
    return v === "" ? null : v;
  };
  const phone = validatePhoneNumber(get("phone") ?? "");
  if (!phone.ok) return { row: rowNumber, message: phone.message };
  const attributes: Record<string, string> = {};
  header.forEach((h, i) => {
    const v = (values[i] ?? "").trim();
    if (!KNOWN.has(h) && h !== "" && v !== "") attributes[h] = v;
  });
  if (Object.keys(attributes).length > MAX_CONTACT_ATTRIBUTES) {
    return { row: rowNumber, message: `At most ${MAX_CONTACT_ATTRIBUTES} attributes.` };
  }
  const tags = [
    ...new Set(
      (get("tags") ?? "")
        .split(";")
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ];
  if (tags.length > MAX_CONTACT_TAGS) return { row: rowNumber, message: `At most ${MAX_CONTACT_TAGS} tags.` };
  return {
    phone: phone.e164,
    firstName: get("first_name"),
    lastName: get("last_name"),
    email: get("email")?.toLowerCase() ?? null,
    tags,
    attributes,
  };
}

/**
 * An import's parsed CSV, kept by the job across its batches: the CSV never changes once stored, and
 * reading (up to 10 MiB) and parsing it again for every batch made an import quadratic in its rows.
 * Only the parse is kept; the checkpoint is always read, under the lock, from the row.
 */
export class ImportRecords {
  private importId: string | undefined;
  private records: string[][] = [];

  async of(importId: string, load: () => Promise<string>): Promise<string[][]> {
    if (this.importId !== importId) {
      this.records = parseCsv(await load());
      this.importId = importId;
    }
    return this.records;
  }
}

/**
 * One batch of an import, in one transaction: lock the import, upsert the next rows after the
 * checkpoint in ONE multi-row statement, move the checkpoint and the counts. A crash before the
 * commit leaves the checkpoint where it was, and the rerun upserts the same rows by phone: no
 * duplicates, no double counting. Returns false when the import is finished. `parsed` (one per job
 * run) saves reading and parsing the CSV again for each batch.
 */
export async function processImportBatch(
  db: Db,
  importId: string,
  batchSize = IMPORT_BATCH,
  parsed = new ImportRecords(),
): Promise<boolean> {
  return db.$transaction(
    async (tx) => {
      await tx.$queryRaw`SELECT id FROM contact_imports WHERE id = ${importId} FOR UPDATE`;
      const imp = await tx.contactImport.findUnique({ where: { id: importId }, omit: { csv: true } });
      if (!imp || imp.status === "COMPLETED" || imp.status === "FAILED") return false;
      const records = await parsed.of(
        importId,
        async () => (await tx.contactImport.findUniqueOrThrow({ where: { id: importId }, select: { csv: true } })).csv,
      );
      const header = (records[0] ?? []).map((h) => h.trim().toLowerCase());
      const start = imp.processedRows;
      const slice = records.slice(1 + start, 1 + start + batchSize);
      const errors = imp.errors as unknown as RowError[];
      const byPhone = new Map<string, Parsed>();
      let skipped = 0;
      slice.forEach((values, i) => {
        const parsed = toContact(header, values, start + i + 2); // +2: 1-based, after the header
        if ("message" in parsed) {
          skipped++;
          if (errors.length < MAX_ERRORS) errors.push(parsed);
        } else {
          // A phone twice in one batch: the later row wins (one statement cannot update a row twice).
          if (byPhone.has(parsed.phone)) skipped++;
          byPhone.set(parsed.phone, parsed);
        }
      });
      let created = 0;
      let updated = 0;
      if (byPhone.size > 0) {
        const values = [...byPhone.values()].map(
          (c) =>
            Prisma.sql`(${newId("ct")}, ${imp.organizationId}, ${c.phone}, ${c.firstName}, ${c.lastName}, ${c.email}, ${JSON.stringify(c.attributes)}::jsonb, ${c.tags}::text[])`,
        );
        const rows = await tx.$queryRaw<{ inserted: boolean }[]>`
          INSERT INTO contacts (id, organization_id, phone, first_name, last_name, email, attributes, tags)
          VALUES ${Prisma.join(values)}
          ON CONFLICT (organization_id, phone) DO UPDATE SET
            first_name = COALESCE(EXCLUDED.first_name, contacts.first_name),
            last_name = COALESCE(EXCLUDED.last_name, contacts.last_name),
            email = COALESCE(EXCLUDED.email, contacts.email),
            attributes = contacts.attributes || EXCLUDED.attributes,
            tags = CASE WHEN cardinality(EXCLUDED.tags) > 0 THEN EXCLUDED.tags ELSE contacts.tags END,
            updated_at = now()
          RETURNING (xmax = 0) AS inserted`;
        created = rows.filter((r) => r.inserted).length;
        updated = rows.length - created;
      }
      const processed = start + slice.length;
      const done = processed >= imp.totalRows;
      await tx.contactImport.update({
        where: { id: importId },
        data: {
          processedRows: processed,
          created: { increment: created },
          updated: { increment: updated },
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
