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

/**
 * The visibility horizon of the statement's snapshot: the oldest transaction that was still running
 * when the snapshot was taken, or the snapshot's xmax when none was. Nothing can appear below it any
 * more. Transactions are counted cluster-wide by PostgreSQL, so a long one in another database of
 * the same server (a migration, a report) would hold the stream back for nothing: a running
 * transaction is left out when pg_stat_activity shows it belongs to another database. One that has
 * ended meanwhile is not shown there and stays counted, which is only conservative (the next read
 * takes a new snapshot without it).
 */
export const HORIZON_SQL = `COALESCE(
  (SELECT min(t::text::bigint) FROM pg_snapshot_xip(pg_current_snapshot()) t
   WHERE NOT EXISTS (
     SELECT 1 FROM pg_stat_activity a
     WHERE a.backend_xid IS NOT NULL AND a.datname IS DISTINCT FROM current_database()
       AND a.backend_xid::text::bigint = (t::text::bigint & 4294967295))),
  pg_snapshot_xmax(pg_current_snapshot())::text::bigint)`;
