import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { decodeCursor, encodeCursor, invalidCursor } from "../pagination/cursor";
import { smallestIdAt } from "../ids";
import { EVENTS_LIST_DAYS, type EventEnvelope, type EventsQuery } from "@/schemas/events";
import { toEnvelope, typePatterns, type EventRow } from "./envelope";
import type { Position } from "./position";

export interface EventPage {
  items: EventEnvelope[];
  nextCursor: string | null;
}

const DAY_MS = 86_400_000;

/**
 * contract §13: the organization's events of the last 30 days, newest first in commit order: the
 * stream's order, (xid, id) (position.ts), read backwards, one range of the (organization_id, xid,
 * id) index. The 30 days are a filter on the time-sortable id: older rows sit at the end of the
 * range, and only until retention deletes them (after 30 days, §9). The types filter is applied
 * inside the range too (exact names, or "family.*" as a prefix).
 */
export async function listEvents(
  db: DbOrTx | null,
  organizationId: string,
  q: EventsQuery,
  now = new Date(),
): Promise<EventPage> {
  const before = positionOfCursor(decodeCursor("events", organizationId, q.cursor));
  const oldest = smallestIdAt("evt", new Date(now.getTime() - EVENTS_LIST_DAYS * DAY_MS));
  const rows = await runSql<EventRow & { xid: string }>(db, ...listEventsSql(organizationId, oldest, before, q));
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(toEnvelope),
    nextCursor: rows.length > q.limit && last ? encodeCursor("events", organizationId, `${last.xid}:${last.id}`) : null,
  };
}

/**
 * The page's statement. The cursor's bound is written only when there is one, so it is always an
 * index condition (a range read from the cursor down), never a filter over the rows above it.
 */
export function listEventsSql(
  organizationId: string,
  oldestId: string,
  before: Position | undefined,
  q: Pick<EventsQuery, "types" | "limit">,
): [string, unknown[]] {
  const { exact, prefixes } = typePatterns(q.types ?? []);
  const params: unknown[] = [organizationId, oldestId, q.limit + 1];
  const types =
    exact.length + prefixes.length > 0
      ? `AND (o.type = ANY($${params.push(exact)}::text[]) OR o.type LIKE ANY($${params.push(prefixes)}::text[]))`
      : "";
  const bound = before
    ? `AND (o.xid, o.id) < ($${params.push(before.xid)}::bigint, $${params.push(before.id)}::text)`
    : "";
  return [
    `SELECT o.xid::text AS xid, o.id, o.organization_id, o.type, o.payload, o.occurred_at FROM outbox_events o
     WHERE o.organization_id = $1 AND o.id >= $2 ${bound} ${types}
     ORDER BY o.xid DESC, o.id DESC LIMIT $3`,
    params,
  ];
}

function positionOfCursor(position: string | undefined): Position | undefined {
  if (position === undefined) return undefined;
  const match = /^(\d{1,20}):(evt_[0-9A-Za-z]+)$/.exec(position);
  if (!match) throw invalidCursor();
  return { xid: match[1]!, id: match[2]! };
}
