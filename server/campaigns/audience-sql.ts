import { Prisma } from "../db/client";

// The audience filter (contract §11) as SQL over `contacts c`: any of `tags` (none = every
// contact), none of `excludeTags`. Both use the GIN index on tags (&&). Parameters are positional
// from `first`: tags, then excludeTags.
export function audienceWhere(first: number): string {
  return (
    `(cardinality($${first}::text[]) = 0 OR c.tags && $${first}::text[])` + ` AND NOT (c.tags && $${first + 1}::text[])`
  );
}

/** The same filter as a Prisma fragment (a campaign builder's contact pickers). */
export function audienceCondition(audience: { tags: string[]; excludeTags: string[] }): Prisma.Sql {
  return Prisma.sql`(cardinality(${audience.tags}::text[]) = 0 OR c.tags && ${audience.tags}::text[]) AND NOT (c.tags && ${audience.excludeTags}::text[])`;
}
