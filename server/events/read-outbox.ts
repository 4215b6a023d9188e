import { runSql } from "../db/sql";
import type { EventRow } from "./envelope";
import { HORIZON_SQL, type Position } from "./position";

export type PositionedRow = EventRow & { xid: string };

/**
 * The next events of every organization after `after`, in commit order, up to the horizon: only
 * events whose transaction is older than every one still running, so none can later appear
 * behind the returned rows. `pending` tells whether committed events wait above the horizon (an
 * older transaction is still open): the reader then looks again soon, as no notification may come.
 */
export async function readOutboxAfter(
  after: Position,
  limit: number,
): Promise<{ rows: PositionedRow[]; pending: boolean }> {
  const rows = await runSql<PositionedRow & { pending: boolean | null }>(
    null,
    `WITH h AS (SELECT ${HORIZON_SQL} AS x),
     r AS (
       SELECT o.xid, o.id, o.organization_id, o.type, o.payload, o.occurred_at FROM outbox_events o, h
       WHERE (o.xid, o.id) > ($1::bigint, $2::text) AND o.xid < h.x
       ORDER BY o.xid, o.id LIMIT $3
     )
     SELECT 0 AS k, r.xid AS xn, r.xid::text AS xid, r.id, r.organization_id, r.type, r.payload, r.occurred_at,
       NULL::boolean AS pending FROM r
     UNION ALL
     SELECT 1, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
       EXISTS (SELECT 1 FROM outbox_events o, h WHERE o.xid >= h.x AND (o.xid, o.id) > ($1::bigint, $2::text))
     ORDER BY k, xn, id`,
    [after.xid, after.id, limit],
    "sg_events_read_outbox",
  );
  const marker = rows.pop();
  return { rows: rows as PositionedRow[], pending: marker?.pending === true };
}

/** The last position below the horizon: where a reader that starts now begins. */
export async function currentPosition(): Promise<Position> {
  const [row] = await runSql<{ xid: string | null; id: string | null }>(
    null,
    `SELECT o.xid::text AS xid, o.id FROM outbox_events o
     WHERE o.xid < (SELECT ${HORIZON_SQL}) ORDER BY o.xid DESC, o.id DESC LIMIT 1`,
    [],
  );
  return row?.xid != null && row.id != null ? { xid: row.xid, id: row.id } : { xid: "0", id: "" };
}

/** Where an event sits in the commit order, if it belongs to the organization and is not older than `oldestId`. */
export async function positionOf(organizationId: string, eventId: string, oldestId: string): Promise<Position | null> {
  const [row] = await runSql<{ xid: string; id: string }>(
    null,
    `SELECT xid::text AS xid, id FROM outbox_events WHERE id = $1 AND organization_id = $2 AND id >= $3`,
    [eventId, organizationId, oldestId],
  );
  return row ? { xid: row.xid, id: row.id } : null;
}

/**
 * One organization's events in (after, until], in commit order, for a resumed stream. Each call
 * walks at most `window` rows of the commit-order index whoever they belong to, so a long gap is
 * read in bounded steps; `scannedTo` is where the next step starts.
 */
export async function readOrganizationRange(
  organizationId: string,
  after: Position,
  until: Position,
  window: number,
): Promise<{ rows: PositionedRow[]; scannedTo: Position | null }> {
  const rows = await runSql<PositionedRow & { wanted: boolean }>(
    null,
    `WITH w AS MATERIALIZED (
       SELECT xid, id, organization_id, type, payload, occurred_at FROM outbox_events
       WHERE (xid, id) > ($1::bigint, $2::text) AND (xid, id) <= ($3::bigint, $4::text)
       ORDER BY xid, id LIMIT $6
     ), last AS (SELECT xid, id FROM w ORDER BY xid DESC, id DESC LIMIT 1)
     SELECT w.xid::text AS xid, w.id, w.organization_id, w.type,
       CASE WHEN w.organization_id = $5 THEN w.payload END AS payload, w.occurred_at,
       w.organization_id = $5 AS wanted
     FROM w WHERE w.organization_id = $5 OR (w.xid, w.id) = (SELECT xid, id FROM last)
     ORDER BY w.xid, w.id`,
    [after.xid, after.id, until.xid, until.id, organizationId, window],
    "sg_events_read_range",
  );
  const last = rows.at(-1);
  return {
    rows: rows.filter((r) => r.wanted),
    scannedTo: rows.length === 0 || !last ? null : { xid: last.xid, id: last.id },
  };
}
