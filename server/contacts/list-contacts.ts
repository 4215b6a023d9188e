import { Prisma, type DbOrTx } from "../db/client";
import type { Contact } from "../db/generated/client";
import { CONTACT_PAGE_SIZE, MAX_CONTACT_PAGE_SIZE, type ContactPage, type ContactFilters } from "@/schemas/contacts";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { toContactView } from "./to-view";

// LIKE's wildcards in a search term are literal characters.
function likePrefix(q: string): string {
  return `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

interface Row {
  id: string;
  organization_id: string;
  phone: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  attributes: unknown;
  tags: string[] | null;
  created_at: Date;
  updated_at: Date;
  opted_out_at: Date | null;
}

function toContact(r: Row): Contact {
  return {
    id: r.id,
    organizationId: r.organization_id,
    phone: r.phone,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    attributes: (typeof r.attributes === "string" ? JSON.parse(r.attributes) : r.attributes) as Contact["attributes"],
    tags: r.tags ?? [],
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/**
 * GET /contacts: newest first (`id < cursor`). Each filter is served by an index of
 * 20261125009000_contacts (see its header): the org/id index for paging, the "C"-collated btrees for
 * the `q` prefix (phone, first name, last name, email), the GIN index for `tag`. The opt-out is a
 * join on the opt-outs' primary key (organization_id, phone).
 */
export async function listContacts(
  db: DbOrTx,
  organizationId: string,
  input: Partial<ContactFilters> = {},
): Promise<ContactPage> {
  const { cursor, tag, optedOut, q } = input;
  const limit = Math.min(Math.max(input.limit ?? CONTACT_PAGE_SIZE, 1), MAX_CONTACT_PAGE_SIZE);
  const after = decodeCursor("contacts", organizationId, cursor);
  const conditions: Prisma.Sql[] = [Prisma.sql`c.organization_id = ${organizationId}`];
  if (after) conditions.push(Prisma.sql`c.id < ${after}`);
  if (tag) conditions.push(Prisma.sql`c.tags @> ARRAY[${tag}]::text[]`);
  if (optedOut === true) conditions.push(Prisma.sql`o.phone IS NOT NULL`);
  if (optedOut === false) conditions.push(Prisma.sql`o.phone IS NULL`);
  if (q) {
    const p = likePrefix(q);
    const lower = likePrefix(q.toLowerCase());
    conditions.push(
      Prisma.sql`(c.phone LIKE ${p} OR c.first_name LIKE ${p} OR c.last_name LIKE ${p} OR c.email LIKE ${lower})`,
    );
  }
  const rows = await db.$queryRaw<Row[]>`
    SELECT c.*, o.opted_out_at
    FROM contacts c
    LEFT JOIN contact_opt_outs o ON o.organization_id = c.organization_id AND o.phone = c.phone
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY c.id DESC
    LIMIT ${limit + 1}`;
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => toContactView(toContact(r), r.opted_out_at ? new Date(r.opted_out_at) : null)),
    nextCursor: rows.length > limit ? encodeCursor("contacts", organizationId, page.at(-1)!.id) : null,
  };
}
