import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { smallestIdAt } from "../ids";
import { EVENTS_LIST_DAYS, type EventEnvelope, type EventsQuery } from "@/schemas/events";
import { toEnvelope, typePatterns, type EventRow } from "./envelope";

export interface EventPage {
  items: EventEnvelope[];
  nextCursor: string | null;
}

const DAY_MS = 86_400_000;

/**
 * contract §13: the organization's events of the last 30 days, newest first, paged on the
 * time-sortable id: one range of the (organization_id, id) index, whatever the table holds. The
 * types filter is applied inside that range (exact names, or "family.*" as a prefix).
 */
export async function listEvents(
  db: DbOrTx | null,
  organizationId: string,
  q: EventsQuery,
  now = new Date(),
): Promise<EventPage> {
  const after = decodeCursor("events", organizationId, q.cursor);
  const oldest = smallestIdAt("evt", new Date(now.getTime() - EVENTS_LIST_DAYS * DAY_MS));
  const { exact, prefixes } = typePatterns(q.types ?? []);
  const filtered = exact.length + prefixes.length > 0;
  const rows = await runSql<EventRow>(
    db,
    `SELECT id, organization_id, type, payload, occurred_at FROM outbox_events
     WHERE organization_id = $1 AND id >= $2 AND ($3::text IS NULL OR id < $3)
       AND (NOT $4::boolean OR type = ANY($5::text[]) OR type LIKE ANY($6::text[]))
     ORDER BY id DESC LIMIT $7`,
    [organizationId, oldest, after ?? null, filtered, exact, prefixes, q.limit + 1],
  );
  const page = rows.slice(0, q.limit);
  return {
    items: page.map(toEnvelope),
    nextCursor: rows.length > q.limit ? encodeCursor("events", organizationId, page.at(-1)!.id) : null,
  };
}
