import { rawQuery, type Driver } from "../driver";

/**
 * The time-partitioned tables (migrations 20261130010000_partitions and
 * 20261130070000_request_logs_partitions): messages, otp_codes and audit_log a month a partition,
 * outbox_events and request_logs a day. Each is partitioned by range of its id (ids
 * begin with their creation time), so a partition holds the rows created in its period. The
 * partitions of the periods ahead are made by sg_partitions_ensure (the migration, then the
 * maintain-partitions job every hour); the ones whose whole period is past retention are detached
 * and dropped by dropExpiredPartitions (the retention job): dropping a partition is instant, gives
 * its space back at once and writes no WAL per row, where deleting the same rows wrote as much WAL
 * as the sends did and left them dead until VACUUM.
 */
export type PartitionedTable = "messages" | "otp_codes" | "outbox_events" | "audit_log" | "request_logs";

export interface Partition {
  name: string;
  table: PartitionedTable;
  /** The first instant the partition does not cover. */
  end: Date;
  /** The table as it was before it was partitioned: every row older than its end. */
  legacy: boolean;
}

/** Make the partitions of the periods ahead (at least the configured number). Answers how many were made. */
export async function ensurePartitions(driver: Driver, now: Date): Promise<number> {
  const [row] = await rawQuery<{ made: number }>(driver, `SELECT sg_partitions_ensure($1::timestamptz) AS made`, [
    now.toISOString(),
  ]);
  return Number(row?.made ?? 0);
}

/**
 * Benches that seed history (months of rows at once): partitions for every period from `from`, in
 * place of a table's legacy partition while that is still empty (a new database's is, until its
 * first rows). Its rows would otherwise all land in the legacy partition, which only goes whole.
 */
export async function partitionHistory(driver: Driver, from: Date, now = new Date()): Promise<number> {
  for (const p of (await listPartitions(driver)).filter((x) => x.legacy)) {
    const [rows] = await rawQuery<{ n: number }>(
      driver,
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${quote(p.name)} LIMIT 1) r`,
    );
    if (Number(rows?.n) > 0) continue;
    await rawQuery(driver, `ALTER TABLE ${quote(p.table)} DETACH PARTITION ${quote(p.name)}`);
    await rawQuery(driver, `DROP TABLE ${quote(p.name)}`);
    await rawQuery(driver, `UPDATE partitioned_tables SET legacy_until = NULL WHERE table_name = $1`, [p.table]);
  }
  const [row] = await rawQuery<{ made: number }>(
    driver,
    `SELECT sg_partitions_ensure($1::timestamptz, $2::timestamptz) AS made`,
    [now.toISOString(), from.toISOString()],
  );
  return Number(row?.made ?? 0);
}

const LIST_SQL = `
SELECT c.relname AS name, t.table_name AS "table",
       CASE WHEN c.relname = t.table_name || '_legacy' THEN t.legacy_until
            ELSE (to_timestamp(substring(c.relname FROM '_p(\\d{8})$'), 'YYYYMMDD') AT TIME ZONE 'UTC' AT TIME ZONE 'UTC')
                 + ('1 ' || t.period)::interval END AS "end",
       c.relname = t.table_name || '_legacy' AS legacy
FROM partitioned_tables t
JOIN pg_inherits i ON i.inhparent = to_regclass(t.table_name)
JOIN pg_class c ON c.oid = i.inhrelid
ORDER BY t.table_name, "end"`;

export async function listPartitions(driver: Driver): Promise<Partition[]> {
  const rows = await rawQuery<{ name: string; table: PartitionedTable; end: Date | string; legacy: boolean }>(
    driver,
    LIST_SQL,
  );
  return rows.map((r) => ({ name: r.name, table: r.table, end: new Date(r.end), legacy: r.legacy }));
}

/**
 * Rows that must outlive their partition's period: a message still to be sent (its partition waits,
 * and the job says so), an event the relay has not yet fanned out. Read through the partial indexes
 * those rows are in, so the check costs an index probe. Other rows go with their partition: a
 * message SENT 400 days ago gets no receipt any more; OTP codes expire within the hour; audit
 * entries have no state.
 */
const MUST_KEEP: Partial<Record<PartitionedTable, string>> = {
  messages: `status IN ('QUEUED', 'SCHEDULED')`,
  outbox_events: `dispatched_at IS NULL`,
};

export interface DroppedPartition {
  name: string;
  table: PartitionedTable;
  /** Rows it held (from the statistics when large, counted when small). */
  rows: number;
  ms: number;
}

export interface PartitionDropReport {
  dropped: DroppedPartition[];
  /** Past retention, but still holding rows that must stay (see MUST_KEEP). */
  deferred: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * Detach and drop every partition whose whole period ended before its table's cutoff. On
 * PostgreSQL the detach is CONCURRENTLY (SHARE UPDATE EXCLUSIVE on the table: sends go on), then
 * the table, no longer part of it, is dropped. A partition holds rows up to one period past their
 * age (a month for messages): its rows go together.
 */
export async function dropExpiredPartitions(
  driver: Driver,
  cutoffs: Partial<Record<PartitionedTable, Date>>,
  options: { lockTimeoutMs?: number } = {},
): Promise<PartitionDropReport> {
  const report: PartitionDropReport = { dropped: [], deferred: [] };
  for (const p of await listPartitions(driver)) {
    const cutoff = cutoffs[p.table];
    if (!cutoff || p.end.getTime() > cutoff.getTime()) continue;
    const keep = MUST_KEEP[p.table];
    if (keep) {
      const [held] = await rawQuery<{ n: number }>(
        driver,
        `SELECT count(*)::int AS n FROM (SELECT 1 FROM ${quote(p.name)} WHERE ${keep} LIMIT 1) k`,
      );
      if (Number(held?.n) > 0) {
        report.deferred.push(p.name);
        continue;
      }
    }
    const started = performance.now();
    const rows = await rowsOf(driver, p.name);
    await detach(driver, p, options.lockTimeoutMs ?? 2_000);
    await rawQuery(driver, `DROP TABLE ${quote(p.name)}`);
    if (p.legacy)
      await rawQuery(driver, `UPDATE partitioned_tables SET legacy_until = NULL WHERE table_name = $1`, [p.table]);
    report.dropped.push({ name: p.name, table: p.table, rows, ms: Math.round(performance.now() - started) });
  }
  return report;
}

async function rowsOf(driver: Driver, name: string): Promise<number> {
  const [stats] = await rawQuery<{ n: number }>(
    driver,
    `SELECT reltuples::float8 AS n FROM pg_class WHERE relname = $1`,
    [name],
  );
  const estimate = Number(stats?.n ?? -1);
  if (estimate >= 100_000) return Math.round(estimate);
  const [counted] = await rawQuery<{ n: number }>(driver, `SELECT count(*)::int AS n FROM ${quote(name)}`);
  return Number(counted?.n ?? 0);
}

async function detach(driver: Driver, p: Partition, lockTimeoutMs: number): Promise<void> {
  const sql = `ALTER TABLE ${quote(p.table)} DETACH PARTITION ${quote(p.name)}`;
  if (driver.kind === "pglite") {
    // One connection: nothing runs beside it, so the plain detach holds its lock for no one.
    await rawQuery(driver, sql);
    return;
  }
  const client = await driver.pool.connect();
  try {
    await client.query(`SET lock_timeout = ${Math.max(1, Math.round(lockTimeoutMs))}`);
    // A detach interrupted earlier (a crash between its two transactions) is finished first.
    const [pending] = (
      await client.query<{ pending: boolean }>(
        `SELECT inhdetachpending AS pending FROM pg_inherits WHERE inhrelid = to_regclass($1)`,
        [p.name],
      )
    ).rows;
    await client.query(pending?.pending ? `${sql} FINALIZE` : `${sql} CONCURRENTLY`);
  } finally {
    await client.query("RESET lock_timeout").catch(() => {});
    client.release();
  }
}
