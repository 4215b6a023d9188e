/**
 * A place in the commit order of the outbox: the writing transaction's id, then the event id
 * (migration 20261126040000_events_stream explains why event ids alone are not enough). xid is
 * kept as a decimal string; ids compare bytewise like their COLLATE "C" column (they are ASCII).
 */
export interface Position {
  xid: string;
  id: string;
}

export const START: Position = { xid: "0", id: "" };

export function comparePositions(a: Position, b: Position): number {
  if (a.xid !== b.xid) {
    const x = BigInt(a.xid) - BigInt(b.xid);
    return x < 0n ? -1 : 1;
  }
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The visibility horizon: every transaction below it has finished, so nothing new can appear there. */
export const HORIZON_SQL = "pg_snapshot_xmin(pg_current_snapshot())::text::bigint";
