import type { DbOrTx } from "../db/client";

export interface ContactTagCount {
  tag: string;
  contacts: number;
}

/**
 * The tag picker: the organization's tags beginning with `prefix` (any case), alphabetically, with how
 * many contacts carry each. Read from contact_tags, which statement triggers keep from the contacts'
 * own writes (migration 20261127040000_search_indexes): a range of its primary key, never a scan of
 * contacts.
 */
export async function listContactTags(
  db: DbOrTx,
  organizationId: string,
  input: { prefix?: string; limit?: number } = {},
): Promise<ContactTagCount[]> {
  const limit = Math.min(Math.max(input.limit ?? 50, 1), 200);
  return db.contactTag.findMany({
    where: {
      organizationId,
      ...(input.prefix ? { tagKey: { startsWith: input.prefix.trim().toLowerCase() } } : {}),
    },
    orderBy: { tagKey: "asc" },
    take: limit,
    select: { tag: true, contacts: true },
  });
}
