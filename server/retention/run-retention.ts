import { rawQuery, type Driver } from "../db/driver";
import { dropExpiredPartitions, type PartitionDropReport, type PartitionedTable } from "../db/partitions/partitions";
import { isolateItem } from "../isolation/isolate-item";
import { smallestIdAt, type IdPrefix } from "../ids";
import { cutoffAt, type RetentionPolicy } from "./policy";
import {
  DELETE_AUDIT_LOG,
  DELETE_CAMPAIGN_LINKS,
  DELETE_FRAUD_BLOCKED_ATTEMPTS,
  DELETE_FRAUD_COUNTERS,
  DELETE_MESSAGES,
  DELETE_OUTBOX_EVENTS,
  DELETE_WEBHOOK_DELIVERIES,
  READ_WATERMARK,
  REDACT_LIVE_BODIES,
} from "./statements";

export const RETENTION_KINDS = [
  "messageBodies",
  "messages",
  "outboxEvents",
  "webhookDeliveries",
  "auditLog",
  "campaignLinks",
  "fraudBlockedAttempts",
  "fraudCounters",
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export interface RetentionOptions {
  /** Rows per batch: one statement, one short transaction. */
  batchSize?: number;
  /**
   * At most this share of the run's wall time is spent in batches: after a batch that took t ms,
   * the run pauses t × (1 − share) ÷ share ms (0.5: as long as the batch took). A loaded database
   * makes batches slower, so the pauses grow with them and retention gives way.
   */
  busyShare?: number;
  /** Shortest pause between two batches. */
  minPauseMs?: number;
  /** No new batch starts after this; the next run carries on where this one stopped. */
  budgetMs?: number;
  /**
   * Only this organization's rows, by batched deletes (tests on a shared database): no partition is
   * dropped. Production (null): expired partitions are dropped, and the batched deletes cover what
   * partitions cannot (bodies, the legacy partitions, the tables not partitioned).
   */
  organizationId?: string | null;
  /** Called after each batch (the bench's log, tests' probes). */
  onBatch?: (batch: { kind: RetentionKind; rows: number; ms: number }) => void | Promise<void>;
  sleep?: (ms: number) => Promise<void>;
}

export interface RetentionReport {
  /** False when the budget ran out first: the next run goes on. */
  finished: boolean;
  elapsedMs: number;
  batches: number;
  /** Rows deleted (bodies redacted) per kind, and the rows that went with them (OTP codes, attempts). */
  rows: Record<RetentionKind, number>;
  related: Record<RetentionKind, number>;
  /** Partitions dropped whole, and those past their age still holding rows that must stay. */
  partitions: PartitionDropReport;
  /**
   * Kinds set aside for this run: a batch of theirs failed on its own account (server/isolation/),
   * with the logged error's reference. The other kinds went on; the next run tries these again.
   */
  setAside: Partial<Record<RetentionKind, string>>;
}

export const RETENTION_DEFAULTS = {
  batchSize: 2000,
  busyShare: 0.5,
  minPauseMs: 10,
  budgetMs: 10_000,
} as const;

interface Task {
  kind: RetentionKind;
  sql: string;
  /**
   * The table is keyed (organization_id, id): its batches walk one organization's rows at a time
   * through the key ($4). In production such a task goes from organization to organization;
   * `table` names a partitioned one, whose legacy partition alone needs batched deletes.
   */
  perOrganization?: { table?: PartitionedTable; next: string };
  /** The organization being walked (per-organization tasks). */
  organization?: string;
  /** The table's key is an id of this type ($1 is the cutoff's smallest id); "time": a timestamp ($1 is the cutoff). */
  prefix: IdPrefix | "time";
  days: number;
  /** Where the next batch starts (exclusive). */
  after: string;
  done: boolean;
}

interface BatchRow extends Record<string, unknown> {
  rows: number;
  related: number;
  scanned: number;
  last: string | null;
}

const BODY_WATERMARK = "live-message-bodies";

const sleepMs = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Which partitions past their age a run drops, by table, and the period each keeps. */
function partitionCutoffs(policy: RetentionPolicy, now: Date): Partial<Record<PartitionedTable, Date>> {
  return {
    messages: cutoffAt(now, policy.messageDays),
    // An OTP's code goes with its message (the same age, and made in the same instant).
    otp_codes: cutoffAt(now, policy.messageDays),
    outbox_events: cutoffAt(now, policy.outboxEventDays),
    audit_log: cutoffAt(now, policy.auditLogDays),
    // Only whole partitions: request logs have no batched delete (partitioned from their first day).
    request_logs: cutoffAt(now, policy.requestLogDays),
  };
}

const LEGACY_EXISTS = `SELECT to_regclass($1) IS NOT NULL AS present`;

/**
 * The next organization after $1 with work in `table`: a row older than the cutoff ($2) that
 * `condition` still matches, after `from` (the first id to look at). The organizations are walked
 * through the key itself, one index probe each (a loose index scan: the smallest organization_id
 * above the last), so only organizations with rows are looked at, and only those with work are
 * visited by the batches. One statement for any number of organizations.
 */
function nextOrganizationSql(table: string, condition: string, from = "''"): string {
  return `
WITH RECURSIVE o AS (
  SELECT (SELECT min(organization_id) FROM ${table} WHERE organization_id > $1::text) AS org
  UNION ALL
  SELECT (SELECT min(organization_id) FROM ${table} WHERE organization_id > o.org) FROM o WHERE o.org IS NOT NULL
)
SELECT org FROM o
WHERE org IS NOT NULL AND EXISTS (
  SELECT 1 FROM ${table} t WHERE t.organization_id = o.org AND t.id > ${from} AND t.id < $2::text AND ${condition})
LIMIT 1`;
}

const NEXT_FOR_BODIES = nextOrganizationSql(
  "messages",
  "t.environment = 'live' AND t.body <> ''",
  `coalesce((SELECT position FROM retention_watermarks WHERE name = '${BODY_WATERMARK}:' || o.org), '')`,
);

/**
 * One retention run. In production it first drops every partition of messages, OTP codes, outbox
 * events and audit entries whose whole period is past its age (server/db/partitions/), then works
 * in batches: live message bodies are redacted, and finished webhook deliveries (with their
 * attempts), campaign short links (with the unique-click rows of recipients who have none left), OTP
 * sends refused as suspected fraud and the fraud guard's hourly counters past their age are deleted,
 * `batchSize` rows a batch, one kind after the other in turn so a short budget still advances each
 * of them. The tables keyed (organization_id, id) are walked one organization at a time through
 * their key; the partitioned ones' batched deletes only run while a legacy partition (the table
 * from before partitioning) exists.
 * Idempotent: a run after a finished one finds nothing; a run cut short by its budget is carried on
 * by the next. A kind whose batch fails on its own account is set aside for the run (logged with
 * its error reference, in `setAside`) and the other kinds go on; a transient database error fails
 * the run, which the next one carries on. Aggregates (hourly and daily statistics, campaign stats and days) are separate tables
 * and are never touched.
 */
export async function runRetention(
  driver: Driver,
  policy: RetentionPolicy,
  now: Date,
  options: RetentionOptions = {},
): Promise<RetentionReport> {
  const batchSize = options.batchSize ?? RETENTION_DEFAULTS.batchSize;
  const busyShare = options.busyShare ?? RETENTION_DEFAULTS.busyShare;
  const minPauseMs = options.minPauseMs ?? RETENTION_DEFAULTS.minPauseMs;
  const budgetMs = options.budgetMs ?? RETENTION_DEFAULTS.budgetMs;
  const organizationId = options.organizationId ?? null;
  const sleep = options.sleep ?? sleepMs;
  const started = performance.now();

  const partitions: PartitionDropReport = organizationId
    ? { dropped: [], deferred: [] }
    : await dropExpiredPartitions(driver, partitionCutoffs(policy, now));

  const task = (kind: RetentionKind, sql: string, prefix: IdPrefix | "time", days: number): Task => ({
    kind,
    sql,
    prefix,
    days,
    after: "",
    done: false,
  });
  const keyed = (t: Task, next: string, table?: PartitionedTable): Task => ({ ...t, perOrganization: { table, next } });
  const tasks: Task[] = [
    keyed(task("messageBodies", REDACT_LIVE_BODIES, "msg", policy.messageBodyDays), NEXT_FOR_BODIES),
    keyed(
      task("messages", DELETE_MESSAGES, "msg", policy.messageDays),
      nextOrganizationSql("messages", "t.status IN ('DELIVERED', 'UNDELIVERED', 'FAILED', 'CANCELED')"),
      "messages",
    ),
    keyed(
      task("outboxEvents", DELETE_OUTBOX_EVENTS, "evt", policy.outboxEventDays),
      nextOrganizationSql("outbox_events", "t.dispatched_at IS NOT NULL"),
      "outbox_events",
    ),
    keyed(
      task("webhookDeliveries", DELETE_WEBHOOK_DELIVERIES, "dlv", policy.webhookLogDays),
      nextOrganizationSql("webhook_deliveries", "t.status IN ('SUCCEEDED', 'FAILED')"),
    ),
    keyed(
      task("auditLog", DELETE_AUDIT_LOG, "aud", policy.auditLogDays),
      nextOrganizationSql("audit_log", "TRUE"),
      "audit_log",
    ),
    task("campaignLinks", DELETE_CAMPAIGN_LINKS, "time", policy.messageDays),
    keyed(
      task("fraudBlockedAttempts", DELETE_FRAUD_BLOCKED_ATTEMPTS, "fatt", policy.messageDays),
      nextOrganizationSql("fraud_blocked_attempts", "TRUE"),
    ),
    task("fraudCounters", DELETE_FRAUD_COUNTERS, "time", policy.fraudCounterDays),
  ];
  const watermarkOf = (org: string) => `${BODY_WATERMARK}:${org}`;
  /** Point a per-organization task at the organization after `after` (or the test's own); false when none is left. */
  const nextOrganization = async (t: Task, after: string | null): Promise<boolean> => {
    let org: string | undefined;
    if (organizationId) org = after === null ? organizationId : undefined;
    else {
      const cutoff = smallestIdAt(t.prefix as IdPrefix, cutoffAt(now, t.days));
      [org] = (await rawQuery<{ org: string }>(driver, t.perOrganization!.next, [after ?? "", cutoff])).map(
        (r) => r.org,
      );
    }
    if (!org) return false;
    t.organization = org;
    t.after = "";
    if (t.kind === "messageBodies") {
      const [mark] = await rawQuery<{ position: string }>(driver, READ_WATERMARK, [watermarkOf(org)]);
      t.after = mark?.position ?? "";
    }
    return true;
  };
  for (const t of tasks) {
    if (!t.perOrganization) continue;
    const legacy = t.perOrganization.table;
    // Production: once a table's legacy partition is gone, its partitions are all it needs.
    if (legacy && !organizationId) {
      const [row] = await rawQuery<{ present: boolean }>(driver, LEGACY_EXISTS, [`public.${legacy}_legacy`]);
      if (!row?.present) t.done = true;
    }
    if (!t.done && !(await nextOrganization(t, null))) t.done = true;
  }
  const zero = () => Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0])) as Record<RetentionKind, number>;
  const report: RetentionReport = {
    finished: false,
    elapsedMs: 0,
    batches: 0,
    rows: zero(),
    related: zero(),
    partitions,
    setAside: {},
  };

  const outOfTime = () => performance.now() - started >= budgetMs;
  while (!outOfTime()) {
    const pending = tasks.filter((t) => !t.done);
    if (pending.length === 0) break;
    for (const t of pending) {
      if (outOfTime()) break;
      const at = cutoffAt(now, t.days);
      const cutoff = t.prefix === "time" ? at.toISOString() : smallestIdAt(t.prefix, at);
      const batchStart = performance.now();
      const params: unknown[] = [cutoff, t.after, batchSize, t.organization ?? organizationId];
      if (t.kind === "messageBodies") params.push(watermarkOf(t.organization!));
      // One kind's batch that fails (a row it cannot delete) must not stop the others (server/isolation/).
      const batch = await isolateItem(
        { runner: "retention", kind: "retention-kind", id: t.kind, organizationId: t.organization ?? organizationId },
        () => rawQuery<BatchRow>(driver, t.sql, params),
        async (failure) => {
          t.done = true;
          report.setAside[t.kind] = failure.reference;
        },
      );
      if (!batch.ok) continue;
      const [row] = batch.value;
      const ms = performance.now() - batchStart;
      report.batches++;
      report.rows[t.kind] += Number(row?.rows ?? 0);
      report.related[t.kind] += Number(row?.related ?? 0);
      if (row?.last) t.after = row.last;
      // A short window means the range up to the cutoff is used up (for this organization).
      if (!row?.last || Number(row.scanned) < batchSize) {
        t.done = !t.perOrganization || !(await nextOrganization(t, t.organization ?? null));
      }
      await options.onBatch?.({ kind: t.kind, rows: Number(row?.rows ?? 0), ms });
      if (tasks.some((other) => !other.done)) await sleep(Math.max(minPauseMs, (ms * (1 - busyShare)) / busyShare));
    }
  }
  report.finished = tasks.every((t) => t.done) && Object.keys(report.setAside).length === 0;
  report.elapsedMs = Math.round(performance.now() - started);
  return report;
}
