import { rawQuery, type Driver } from "../db/driver";
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
  /** Only this organization's rows (tests on a shared database). Production: every organization. */
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

/**
 * One retention run: redacts live message bodies and deletes messages, dispatched outbox events,
 * finished webhook deliveries (with their attempts), audit entries, campaign short links (with the
 * unique-click rows of recipients who have none left), OTP sends refused as suspected fraud and the
 * fraud guard's hourly counters past their age, in batches of
 * `batchSize` rows, one kind after the other in turn so a short budget still advances each of them.
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
  const watermark = organizationId ? `${BODY_WATERMARK}:${organizationId}` : BODY_WATERMARK;

  const [mark] = await rawQuery<{ position: string }>(driver, READ_WATERMARK, [watermark]);
  const task = (kind: RetentionKind, sql: string, prefix: IdPrefix | "time", days: number, after = ""): Task => ({
    kind,
    sql,
    prefix,
    days,
    after,
    done: false,
  });
  const tasks: Task[] = [
    task("messageBodies", REDACT_LIVE_BODIES, "msg", policy.messageBodyDays, mark?.position ?? ""),
    task("messages", DELETE_MESSAGES, "msg", policy.messageDays),
    task("outboxEvents", DELETE_OUTBOX_EVENTS, "evt", policy.outboxEventDays),
    task("webhookDeliveries", DELETE_WEBHOOK_DELIVERIES, "dlv", policy.webhookLogDays),
    task("auditLog", DELETE_AUDIT_LOG, "aud", policy.auditLogDays),
    task("campaignLinks", DELETE_CAMPAIGN_LINKS, "time", policy.messageDays),
    task("fraudBlockedAttempts", DELETE_FRAUD_BLOCKED_ATTEMPTS, "fatt", policy.messageDays),
    task("fraudCounters", DELETE_FRAUD_COUNTERS, "time", policy.fraudCounterDays),
  ];
  const zero = () => Object.fromEntries(RETENTION_KINDS.map((k) => [k, 0])) as Record<RetentionKind, number>;
  const report: RetentionReport = {
    finished: false,
    elapsedMs: 0,
    batches: 0,
    rows: zero(),
    related: zero(),
    setAside: {},
  };

  const started = performance.now();
  const outOfTime = () => performance.now() - started >= budgetMs;
  while (!outOfTime()) {
    const pending = tasks.filter((t) => !t.done);
    if (pending.length === 0) break;
    for (const t of pending) {
      if (outOfTime()) break;
      const at = cutoffAt(now, t.days);
      const cutoff = t.prefix === "time" ? at.toISOString() : smallestIdAt(t.prefix, at);
      const batchStart = performance.now();
      const params: unknown[] = [cutoff, t.after, batchSize, organizationId];
      if (t.kind === "messageBodies") params.push(watermark);
      // One kind's batch that fails (a row it cannot delete) must not stop the others (server/isolation/).
      const batch = await isolateItem(
        { runner: "retention", kind: "retention-kind", id: t.kind, organizationId },
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
      // A short window means the range up to the cutoff is used up.
      if (!row?.last || Number(row.scanned) < batchSize) t.done = true;
      await options.onBatch?.({ kind: t.kind, rows: Number(row?.rows ?? 0), ms });
      if (tasks.some((other) => !other.done)) await sleep(Math.max(minPauseMs, (ms * (1 - busyShare)) / busyShare));
    }
  }
  report.finished = tasks.every((t) => t.done) && Object.keys(report.setAside).length === 0;
  report.elapsedMs = Math.round(performance.now() - started);
  return report;
}
