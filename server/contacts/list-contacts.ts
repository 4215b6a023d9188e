import { Prisma, type DbOrTx } from "../db/client";
import type { Contact } from "../db/generated/client";
import { CONTACT_PAGE_SIZE, MAX_CONTACT_PAGE_SIZE, type ContactPage, type ContactFilters } from "@/schemas/contacts";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { toContactView } from "./to-view";
import { likePrefix } from "../db/like";

interface Row {
  id: string;
  organization_id: string;
  phone: string;
  country: string | null;
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
    country: r.country,
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
 * The `q` search: a prefix of the phone, or, case-insensitively, of the first name, last name, full
 * name ("ada lov") or email. Each arm is a range of its own index (the phone's uniqueness constraint,
 * the lower-cased expression indexes of migration 20261127040000_search_indexes, written here exactly
 * as indexed); a search ORs them (a BitmapOr) and sorts the matches by id, or, when a prefix is so
 * common that matches are everywhere, the planner walks the id index and stops at a page.
 */
function searchCondition(q: string): Prisma.Sql {
  const lower = likePrefix(q.toLowerCase().replace(/\s+/g, " "));
  const arms = [
    Prisma.sql`c.phone LIKE ${likePrefix(q)}`,
    Prisma.sql`lower(c.first_name) COLLATE "C" LIKE ${lower}`,
    Prisma.sql`lower(c.last_name) COLLATE "C" LIKE ${lower}`,
    Prisma.sql`lower(c.first_name || ' ' || c.last_name) COLLATE "C" LIKE ${lower}`,
    Prisma.sql`lower(c.email) COLLATE "C" LIKE ${lower}`,
  ];
  // Digits typed without the + ("415555…") still find the number.
  const digits = q.replace(/[\s().-]/g, "");
  if (/^[0-9]{1,15}$/.test(digits)) arms.push(Prisma.sql`c.phone LIKE ${likePrefix(`+${digits}`)}`);
  return Prisma.sql`(${Prisma.join(arms, " OR ")})`;
}

/** The page's statement (exported for the plan tests, which EXPLAIN exactly this). */
export function contactPageSql(conditions: Prisma.Sql[], rows: number): Prisma.Sql {
  return Prisma.sql`
    SELECT c.*, o.opted_out_at
    FROM contacts c
    LEFT JOIN contact_opt_outs o ON o.organization_id = c.organization_id AND o.phone = c.phone
    WHERE ${Prisma.join(conditions, " AND ")}
    ORDER BY c.id DESC
    LIMIT ${rows}`;
}

/** The filters as SQL conditions on `c` (contacts) and `o` (its opt-out). */
export function contactConditions(
  organizationId: string,
  input: Partial<ContactFilters>,
  after: string | undefined,
): Prisma.Sql[] {
  const { tag, optedOut, q } = input;
  const conditions: Prisma.Sql[] = [Prisma.sql`c.organization_id = ${organizationId}`];
  if (after) conditions.push(Prisma.sql`c.id < ${after}`);
  if (tag) conditions.push(Prisma.sql`sg_lower_tags(c.tags) @> ARRAY[${tag.toLowerCase()}]::text[]`);
  if (optedOut === true) conditions.push(Prisma.sql`o.phone IS NOT NULL`);
  if (optedOut === false) conditions.push(Prisma.sql`o.phone IS NULL`);
  if (q) conditions.push(searchCondition(q));
  return conditions;
}

/**
 * GET /contacts: newest first (`id < cursor`). Each filter is served by an index: the org/id index for
 * paging, the search's (searchCondition), the GIN index on the lower-cased tags for `tag` (any case
 * finds it). The opt-out is a join on the opt-outs' primary key (organization_id, phone).
 */
export async function listContacts(
  db: DbOrTx,
  organizationId: string,
  input: Partial<ContactFilters> = {},
  /** Only these (a campaign's audience, audience-sql.ts): the builder's preview picks among them. */
  within?: Prisma.Sql,
): Promise<ContactPage> {
  const limit = Math.min(Math.max(input.limit ?? CONTACT_PAGE_SIZE, 1), MAX_CONTACT_PAGE_SIZE);
  const after = decodeCursor("contacts", organizationId, input.cursor);
  const conditions = [...contactConditions(organizationId, input, after), ...(within ? [within] : [])];
  const rows = await db.$queryRaw<Row[]>(contactPageSql(conditions, limit + 1));
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => toContactView(toContact(r), r.opted_out_at ? new Date(r.opted_out_at) : null)),
    nextCursor: rows.length > limit ? encodeCursor("contacts", organizationId, page.at(-1)!.id) : null,
  };
}
