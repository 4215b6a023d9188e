import { isDatabaseUnavailable } from "../../db/unavailable";
import type { RawTx } from "../../db/driver-transaction";
import { asUpsertRows, upsertPayload, type UpsertRow } from "./convert-rows";
import type { ImportedContact, RowError } from "./import-row";

// One statement for a batch, its rows in one JSON parameter (convert-rows.ts builds it on the import
// thread: nothing per row is done on the thread that answers requests). A phone the organization
// has already updates that contact; a new one is inserted with the row's id.
const UPSERT_SQL = `
INSERT INTO contacts (id, organization_id, phone, country, first_name, last_name, email, attributes, tags)
SELECT r.id, $1, r.phone, r.country, r.first_name, r.last_name, r.email, coalesce(r.attributes, '{}'),
       coalesce(r.tags, '{}')
FROM jsonb_to_recordset($2::jsonb) AS r(id text, phone text, country text, first_name text, last_name text,
                                        email text, attributes jsonb, tags text[])
ON CONFLICT (organization_id, phone) DO UPDATE SET
  first_name = COALESCE(EXCLUDED.first_name, contacts.first_name),
  last_name = COALESCE(EXCLUDED.last_name, contacts.last_name),
  email = COALESCE(EXCLUDED.email, contacts.email),
  attributes = contacts.attributes || EXCLUDED.attributes,
  tags = CASE WHEN cardinality(EXCLUDED.tags) > 0 THEN EXCLUDED.tags ELSE contacts.tags END,
  country = EXCLUDED.country,
  updated_at = now()
RETURNING (xmax = 0) AS inserted`;

/** Runs `work` under a savepoint: on failure the transaction goes on without its effects. */
async function underSavepoint<T>(
  tx: RawTx,
  work: () => PromiseLike<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
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

export interface UpsertResult {
  created: number;
  updated: number;
  errors: RowError[];
}

/**
 * Upserts one batch (`payload` from upsertPayload, `rows` its CSV row numbers in order) in ONE
 * statement, inside the caller's transaction. Should the database refuse it (a value no check
 * foresaw), the batch is retried row by row under savepoints, and each refused row becomes a row
 * error, so one bad row never stalls the import or loses its batch.
 */
export async function upsertPayloadRows(
  tx: RawTx,
  organizationId: string,
  payload: string,
  rows: readonly number[],
): Promise<UpsertResult> {
  if (rows.length === 0) return { created: 0, updated: 0, errors: [] };
  const upsert = (json: string) =>
    tx.$queryRawUnsafe<{ inserted: boolean }[]>(UPSERT_SQL, organizationId, json) as PromiseLike<
      { inserted: boolean }[]
    >;
  const count = (result: { inserted: boolean }[]) => result.filter((r) => r.inserted).length;
  const all = await underSavepoint(tx, () => upsert(payload));
  if (all.ok) {
    const created = count(all.value);
    return { created, updated: all.value.length - created, errors: [] };
  }
  let created = 0;
  let updated = 0;
  const errors: RowError[] = [];
  const each = JSON.parse(payload) as unknown[];
  for (const [i, row] of each.entries()) {
    const one = await underSavepoint(tx, () => upsert(JSON.stringify([row])));
    if (!one.ok) errors.push({ row: rows[i]!, message: "The database could not store this row." });
    else if (count(one.value) === 1) created++;
    else updated++;
  }
  return { created, updated, errors };
}

/** upsertPayloadRows for contacts at hand (tests, and callers without the import thread). */
export function upsertContacts(
  tx: RawTx,
  organizationId: string,
  contacts: readonly ImportedContact[],
): Promise<UpsertResult> {
  const rows: UpsertRow[] = asUpsertRows(contacts);
  return upsertPayloadRows(
    tx,
    organizationId,
    upsertPayload(rows),
    rows.map((r) => r.row),
  );
}
