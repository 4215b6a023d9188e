import { Prisma, type DbOrTx } from "../../db/client";
import { isDatabaseUnavailable } from "../../db/unavailable";
import { newId } from "../../ids";
import { storedCountryOf } from "../contact-country";
import type { ImportedContact, RowError } from "./import-row";

function upsert(tx: DbOrTx, organizationId: string, contacts: ImportedContact[]) {
  const values = contacts.map(
    (c) =>
      Prisma.sql`(${newId("ct")}, ${organizationId}, ${c.phone}, ${storedCountryOf(c.phone)}, ${c.firstName}, ${c.lastName}, ${c.email}, ${JSON.stringify(c.attributes)}::jsonb, ${c.tags}::text[])`,
  );
  return tx.$queryRaw<{ inserted: boolean }[]>`
    INSERT INTO contacts (id, organization_id, phone, country, first_name, last_name, email, attributes, tags)
    VALUES ${Prisma.join(values)}
    ON CONFLICT (organization_id, phone) DO UPDATE SET
      first_name = COALESCE(EXCLUDED.first_name, contacts.first_name),
      last_name = COALESCE(EXCLUDED.last_name, contacts.last_name),
      email = COALESCE(EXCLUDED.email, contacts.email),
      attributes = contacts.attributes || EXCLUDED.attributes,
      tags = CASE WHEN cardinality(EXCLUDED.tags) > 0 THEN EXCLUDED.tags ELSE contacts.tags END,
      country = EXCLUDED.country,
      updated_at = now()
    RETURNING (xmax = 0) AS inserted`;
}

/** Runs `work` under a savepoint: on failure the transaction goes on without its effects. */
async function underSavepoint<T>(tx: DbOrTx, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
  await tx.$executeRawUnsafe("SAVEPOINT import_rows");
  try {
    const value = await work();
    await tx.$executeRawUnsafe("RELEASE SAVEPOINT import_rows");
    return { ok: true, value };
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    await tx.$executeRawUnsafe("ROLLBACK TO SAVEPOINT import_rows");
    return { ok: false };
  }
}

/**
 * Upserts one batch of rows in ONE statement (inside the caller's transaction). Should the database
 * refuse it (a value no check foresaw), the batch is retried row by row under savepoints, and each
 * refused row becomes a row error, so one bad row never stalls the import or loses its batch.
 */
export async function upsertContacts(
  tx: DbOrTx,
  organizationId: string,
  contacts: ImportedContact[],
): Promise<{ created: number; updated: number; errors: RowError[] }> {
  if (contacts.length === 0) return { created: 0, updated: 0, errors: [] };
  const count = (rows: { inserted: boolean }[]) => rows.filter((r) => r.inserted).length;
  const all = await underSavepoint(tx, () => upsert(tx, organizationId, contacts));
  if (all.ok) {
    const created = count(all.value);
    return { created, updated: all.value.length - created, errors: [] };
  }
  let created = 0;
  let updated = 0;
  const errors: RowError[] = [];
  for (const contact of contacts) {
    const one = await underSavepoint(tx, () => upsert(tx, organizationId, [contact]));
    if (!one.ok) errors.push({ row: contact.row, message: "The database could not store this row." });
    else if (count(one.value) === 1) created++;
    else updated++;
  }
  return { created, updated, errors };
}
