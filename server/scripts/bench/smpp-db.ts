import { BATCH_ROWS_WHERE, batchRowsParams, type BatchRows } from "./batch-rows";
import { BenchPool } from "./bench-pool";

// The SMPP part's direct reads of the messages table (bench/smpp.ts): not through the server under
// test, so checking a run does not load it.

export interface SentRows {
  total: number;
  /** status = 'SENT' (the test SMSC sends no receipts, so SENT is final here). */
  sent: number;
  /** Any other status, by name (QUEUED left behind, FAILED …). */
  others: Record<string, number>;
  /** SENT rows whose provider is `smpp`, and their distinct provider message ids. */
  smpp: number;
  distinctProviderIds: number;
  /** Last sent_at, epoch ms (the server's clock: the same machine). */
  lastSentMs: number | null;
  /** sent_at − created_at per message. */
  sentP50Ms: number | null;
  sentP99Ms: number | null;
}

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The messages of bulk requests (batch-rows.ts) or of single sends (`id = ANY($1)`). */
export type RowsOf = BatchRows | { messageIds: string[] };
const where = (of: RowsOf) => ("batchIds" in of ? BATCH_ROWS_WHERE : "id = ANY($1::text[])");
const params = (of: RowsOf) => ("batchIds" in of ? batchRowsParams(of) : [of.messageIds]);

export class SmppRows extends BenchPool {
  async sentCount(of: RowsOf): Promise<number> {
    const { rows } = await this.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages WHERE ${where(of)} AND status = 'SENT'`,
      params(of),
    );
    return rows[0]?.n ?? 0;
  }

  async summary(of: RowsOf): Promise<SentRows> {
    const byStatus = await this.pool.query<{ status: string; n: number }>(
      `SELECT status::text AS status, count(*)::int AS n FROM messages WHERE ${where(of)} GROUP BY status`,
      params(of),
    );
    const { rows } = await this.pool.query(
      `SELECT count(*) FILTER (WHERE provider = 'smpp')::int AS smpp,
         count(DISTINCT provider_message_id)::int AS distinct_ids,
         extract(epoch FROM max(sent_at)) * 1000 AS last_sent_ms,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - created_at) * 1000) AS p50,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM sent_at - created_at) * 1000) AS p99
       FROM messages WHERE ${where(of)} AND status = 'SENT'`,
      params(of),
    );
    const r = (rows[0] ?? {}) as Record<string, unknown>;
    const others: Record<string, number> = {};
    let total = 0;
    let sent = 0;
    for (const { status, n } of byStatus.rows) {
      total += n;
      if (status === "SENT") sent = n;
      else others[status] = n;
    }
    return {
      total,
      sent,
      others,
      smpp: Number(r.smpp ?? 0),
      distinctProviderIds: Number(r.distinct_ids ?? 0),
      lastSentMs: num(r.last_sent_ms),
      sentP50Ms: num(r.p50),
      sentP99Ms: num(r.p99),
    };
  }

  /** The provider message ids stored for these messages (to compare with the SMSC's answers). */
  async providerIds(of: RowsOf): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string | null }>(
      `SELECT provider_message_id AS id FROM messages WHERE ${where(of)}`,
      params(of),
    );
    return rows.flatMap((r) => (r.id === null ? [] : [r.id]));
  }
}
