import type { DbOrTx } from "../db/client";
import { csvLine } from "../csv/csv-line";

const PAGE = 1000;
export const EXPORT_COLUMNS = ["phone", "first_name", "last_name", "email", "tags"] as const;

/**
 * The organization's contacts as CSV (contract §10: the import's columns, attributes as extra
 * columns), produced page by page along the primary key so memory holds one page, never the list.
 * The attribute columns are found first by the database (distinct keys), not by reading contacts here.
 */
export async function* exportContactsCsv(db: DbOrTx, organizationId: string): AsyncGenerator<string> {
  const keys = (
    await db.$queryRaw<{ key: string }[]>`
      SELECT DISTINCT jsonb_object_keys(attributes) AS key FROM contacts WHERE organization_id = ${organizationId}`
  )
    .map((r) => r.key)
    .filter((k) => !(EXPORT_COLUMNS as readonly string[]).includes(k))
    .sort();
  yield csvLine([...EXPORT_COLUMNS, ...keys]);
  let after: string | undefined;
  for (;;) {
    const rows = await db.contact.findMany({
      where: { organizationId, ...(after ? { id: { gt: after } } : {}) },
      orderBy: { id: "asc" },
      take: PAGE,
    });
    if (rows.length === 0) return;
    let chunk = "";
    for (const c of rows) {
      const attrs = (c.attributes ?? {}) as Record<string, string>;
      chunk += csvLine([
        c.phone,
        c.firstName ?? "",
        c.lastName ?? "",
        c.email ?? "",
        c.tags.join(";"),
        // Own keys only: another contact's `constructor` or `toString` column must read empty here,
        // not Object.prototype's function (issue 38).
        ...keys.map((k) => (Object.hasOwn(attrs, k) ? attrs[k]! : "")),
      ]);
    }
    yield chunk;
    after = rows.at(-1)!.id;
    if (rows.length < PAGE) return;
  }
}
