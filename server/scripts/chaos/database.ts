import pg from "pg";
import { RECOUNT_DAILY_STATS_SQL, RECOUNT_MESSAGE_STATS_SQL } from "../../analytics/recount";

// What the chaos run reads from PostgreSQL directly (never through the servers under test): the
// organization's messages, its committed outbox events and the webhook's deliveries.

export const FINAL_STATUSES = ["DELIVERED", "FAILED", "UNDELIVERED"] as const;

export interface Backlog {
  /** Messages of the organization not in a final status (QUEUED or SENT). */
  unfinishedMessages: number;
  /** Outbox events of the organization not yet relayed into deliveries. */
  undispatchedEvents: number;
  /** Deliveries of the webhook still PENDING or RETRYING. */
  openDeliveries: number;
}

export interface DeliveryRow {
  eventId: string;
  status: string;
  attempts: number;
}

export class ChaosDatabase {
  private readonly pool: pg.Pool;

  constructor(url: string) {
    this.pool = new pg.Pool({ connectionString: url, max: 2 });
    // An idle connection cut by the outage must not end the run; the pool opens a new one.
    this.pool.on("error", () => undefined);
  }

  async backlog(organizationId: string, webhookId: string): Promise<Backlog> {
    const { rows } = await this.pool.query<Backlog>(
      `SELECT
         (SELECT count(*) FROM messages WHERE organization_id = $1
            AND status::text <> ALL($3::text[]))::int AS "unfinishedMessages",
         (SELECT count(*) FROM outbox_events WHERE organization_id = $1 AND dispatched_at IS NULL)::int
            AS "undispatchedEvents",
         (SELECT count(*) FROM webhook_deliveries WHERE webhook_id = $2
            AND status IN ('PENDING', 'RETRYING'))::int AS "openDeliveries"`,
      [organizationId, webhookId, [...FINAL_STATUSES]],
    );
    return rows[0]!;
  }

  /**
   * Hours where the message aggregates differ from a recount of the messages, then days where the
   * daily rollup differs from its hours (none when exact).
   */
  async aggregateMismatches(organizationId: string): Promise<{ hour: Date; kept: string; counted: string }[]> {
    const mismatches: { hour: Date; kept: string; counted: string }[] = [];
    for (const sql of [RECOUNT_MESSAGE_STATS_SQL, RECOUNT_DAILY_STATS_SQL]) {
      const { rows } = await this.pool.query<{ hour: Date; kept: string; counted: string }>(sql, [organizationId]);
      mismatches.push(...rows);
    }
    return mismatches;
  }

  /** Every message of the organization with its status. */
  async messages(organizationId: string): Promise<Map<string, string>> {
    const { rows } = await this.pool.query<{ id: string; status: string }>(
      "SELECT id, status::text AS status FROM messages WHERE organization_id = $1",
      [organizationId],
    );
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  /** Every committed outbox event of the organization, id → type. */
  async events(organizationId: string): Promise<Map<string, string>> {
    const { rows } = await this.pool.query<{ id: string; type: string }>(
      "SELECT id, type FROM outbox_events WHERE organization_id = $1",
      [organizationId],
    );
    return new Map(rows.map((r) => [r.id, r.type]));
  }

  async deliveries(webhookId: string): Promise<DeliveryRow[]> {
    const { rows } = await this.pool.query<DeliveryRow>(
      `SELECT event_id AS "eventId", status::text AS status, attempt_count AS attempts
       FROM webhook_deliveries WHERE webhook_id = $1`,
      [webhookId],
    );
    return rows;
  }

  /** When each successful attempt's outcome was recorded (the attempt row's created_at), by event id. */
  async recordedSuccesses(webhookId: string): Promise<Map<string, number>> {
    const { rows } = await this.pool.query<{ eventId: string; at: Date }>(
      `SELECT d.event_id AS "eventId", a.created_at AS at FROM webhook_attempts a
       JOIN webhook_deliveries d ON d.organization_id = a.organization_id AND d.id = a.delivery_id
       WHERE d.webhook_id = $1 AND a.status_code BETWEEN 200 AND 299`,
      [webhookId],
    );
    return new Map(rows.map((r) => [r.eventId, r.at.getTime()]));
  }

  /** Jobs still running (a lease held by a process that may be dead) or pending, by function. */
  async openJobs(): Promise<{ functionId: string; status: string; n: number }[]> {
    const { rows } = await this.pool.query<{ functionId: string; status: string; n: number }>(
      `SELECT function_id AS "functionId", status::text AS status, count(*)::int AS n FROM jobs
       WHERE status IN ('running', 'pending') AND function_id = 'retry-webhook-delivery'
       GROUP BY 1, 2`,
    );
    return rows;
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
