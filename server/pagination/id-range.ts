import { smallestIdAt, type IdPrefix } from "../ids";

/**
 * A creation-time range as an id range. Ids begin with their creation time (server/ids.ts), so
 * "created in [from, until)" is "id in [smallestIdAt(from), smallestIdAt(until))": the index that
 * pages a list by id answers date ranges too, with no index on created_at. `before` (a cursor's
 * position) narrows the upper end further. Ids compare bytewise (COLLATE "C"), as JavaScript does.
 */
export function idRange(
  prefix: IdPrefix,
  range: { from?: Date; until?: Date; before?: string },
): { gte?: string; lt?: string } | undefined {
  const bounds: { gte?: string; lt?: string } = {};
  if (range.from) bounds.gte = smallestIdAt(prefix, range.from);
  const upper = [range.before, range.until && smallestIdAt(prefix, range.until)].filter((v): v is string => !!v);
  if (upper.length > 0) bounds.lt = upper.reduce((a, b) => (a < b ? a : b));
  return bounds.gte || bounds.lt ? bounds : undefined;
}
