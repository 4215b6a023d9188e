import { BenchPool } from "./bench-pool";
import type { DeliveryRows } from "./webhooks";

// The webhook bench's direct access to PostgreSQL (bench/webhooks.ts): events committed straight
// into the outbox with `pg`, and the deliveries table read back.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Distinct, ordered ids per run: evt_ + 24 digits, the run's base plus 1..N. */
export const eventId = (n: number) => `evt_${String(n).padStart(24, "0")}`;
const PAYLOAD_SQL = `jsonb_build_object('messageId', 'msg_bench_' || n, 'status', 'DELIVERED', 'to', '+14155551000')`;

export class Database extends BenchPool {
  /** Events n in (from, to], committed in one statement. */
  async insertRange(organizationId: string, from: number, to: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO outbox_events (id, organization_id, type, payload, occurred_at)
       SELECT 'evt_' || lpad(n::text, 24, '0'), $1, 'message.delivered', ${PAYLOAD_SQL}, now()
       FROM generate_series($2::bigint + 1, $3::bigint) AS n`,
      [organizationId, from, to],
    );
  }

  /** Outbox events not yet relayed, and deliveries of the webhook not yet attempted or recorded. */
  async backlog(webhookId: string): Promise<{ outbox: number; pending: number }> {
    const { rows } = await this.pool.query<{ outbox: number; pending: number }>(
      `SELECT (SELECT count(*) FROM outbox_events WHERE dispatched_at IS NULL)::int AS outbox,
         (SELECT count(*) FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'PENDING')::int AS pending`,
      [webhookId],
    );
    return rows[0] ?? { outbox: 0, pending: 0 };
  }

  async rows(webhookId: string, from: number, to: number): Promise<DeliveryRows> {
    const { rows } = await this.pool.query(
      `SELECT count(*)::int AS total,
         count(*) FILTER (WHERE status = 'SUCCEEDED')::int AS succeeded,
         count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
         count(*) FILTER (WHERE status NOT IN ('SUCCEEDED', 'PENDING'))::int AS other,
         count(*) FILTER (WHERE attempt_count > 1)::int AS retried,
         (SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY a.response_time_ms) FROM webhook_attempts a
           JOIN webhook_deliveries x ON x.organization_id = a.organization_id AND x.id = a.delivery_id
           WHERE x.webhook_id = $1 AND x.event_id > $2 AND x.event_id <= $3) AS attempt_p50,
         (SELECT percentile_cont(0.99) WITHIN GROUP (ORDER BY a.response_time_ms) FROM webhook_attempts a
           JOIN webhook_deliveries x ON x.organization_id = a.organization_id AND x.id = a.delivery_id
           WHERE x.webhook_id = $1 AND x.event_id > $2 AND x.event_id <= $3) AS attempt_p99
       FROM webhook_deliveries WHERE webhook_id = $1 AND event_id > $2 AND event_id <= $3`,
      [webhookId, eventId(from), eventId(to)],
    );
    const r = rows[0] as (Omit<DeliveryRows, "attemptP50Ms" | "attemptP99Ms"> & Record<string, unknown>) | undefined;
    const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
    return {
      total: r?.total ?? 0,
      succeeded: r?.succeeded ?? 0,
      pending: r?.pending ?? 0,
      other: r?.other ?? 0,
      retried: r?.retried ?? 0,
      attemptP50Ms: num(r?.attempt_p50),
      attemptP99Ms: num(r?.attempt_p99),
    };
  }

  /** Waits until the run's deliveries all exist and none is PENDING; the wait in s, null on timeout. */
  async settled(webhookId: string, from: number, to: number, timeoutMs: number): Promise<number | null> {
    const started = performance.now();
    for (;;) {
      const r = await this.rows(webhookId, from, to);
      if (r.total === to - from && r.pending === 0) return (performance.now() - started) / 1000;
      if (performance.now() - started > timeoutMs) return null;
      await sleep(50);
    }
  }

  /** Waits for an idle worker: nothing left in the outbox, nothing pending for the webhook. */
  async idle(webhookId: string, timeoutMs: number): Promise<void> {
    const started = performance.now();
    for (;;) {
      const b = await this.backlog(webhookId);
      if (b.outbox === 0 && b.pending === 0) return;
      if (performance.now() - started > timeoutMs) {
        throw new Error(`webhooks: not idle after ${timeoutMs / 1000} s (${b.outbox} outbox, ${b.pending} pending)`);
      }
      await sleep(100);
    }
  }
}
