import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

/**
 * The process's Prometheus metrics (contract §16), served by GET /metrics. Counters live in
 * memory and are bumped where the work happens; queue gauges are set from the database just
 * before a scrape (queue-gauges.ts). Kept on globalThis: Next bundles route handlers and
 * instrumentation.ts separately, so a module-level registry would be one per bundle and the
 * pipeline's counters would never reach the scrape route. prom-client itself is a server-external
 * package (next.config.ts), loaded once per process.
 *
 * A new metric is added to `create()` below. Per-sender queue depth (segments, oldest age) arrives
 * with sender queues (issue 41), as two gauges labelled by sender set in queue-gauges.ts.
 */
export interface Metrics {
  registry: Registry;
  httpRequests: Counter<"route" | "method" | "status">;
  httpDuration: Histogram<"route" | "method">;
  messagesAccepted: Counter<"environment">;
  messageTransitions: Counter<"status">;
  carrierSubmits: Counter<"provider" | "result">;
  carrierSubmitDuration: Histogram<"provider">;
  webhookAttempts: Counter<"outcome">;
  otpVerifications: Counter<"result">;
  fraudBlocks: Counter<"kind">;
  backlogItems: Gauge<"queue">;
  backlogOldestSeconds: Gauge<"queue">;
  senderQueueSegments: Gauge<"organization_id" | "sender">;
  senderQueueOldestSeconds: Gauge<"organization_id" | "sender">;
  backlogQueryFailures: Counter;
  dbPoolInUse: Gauge;
  dbPoolWaiting: Gauge;
}

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function create(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "signalgate_http_requests_total",
      help: "HTTP requests answered, by route template (never the raw path), method and status.",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    httpDuration: new Histogram({
      name: "signalgate_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route template and method.",
      labelNames: ["route", "method"],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    messagesAccepted: new Counter({
      name: "signalgate_messages_accepted_total",
      help: "Messages accepted (written QUEUED or SCHEDULED), by key environment.",
      labelNames: ["environment"],
      registers,
    }),
    messageTransitions: new Counter({
      name: "signalgate_message_transitions_total",
      help: "Message lifecycle transitions made by this process, by the status reached.",
      labelNames: ["status"],
      registers,
    }),
    carrierSubmits: new Counter({
      name: "signalgate_carrier_submits_total",
      help: "Messages handed to a carrier, by provider and result (accepted, rejected, retry).",
      labelNames: ["provider", "result"],
      registers,
    }),
    carrierSubmitDuration: new Histogram({
      name: "signalgate_carrier_submit_duration_seconds",
      help: "Time a carrier took to answer one hand-off batch, by provider.",
      labelNames: ["provider"],
      buckets: SECONDS_BUCKETS,
      registers,
    }),
    webhookAttempts: new Counter({
      name: "signalgate_webhook_attempts_total",
      help: "Webhook HTTP attempts, by outcome (success, http_error, network_error).",
      labelNames: ["outcome"],
      registers,
    }),
    otpVerifications: new Counter({
      name: "signalgate_otp_verifications_total",
      help: "OTP verifications, by result (APPROVED, PENDING (wrong code), EXPIRED, MAX_ATTEMPTS, NOT_FOUND).",
      labelNames: ["result"],
      registers,
    }),
    fraudBlocks: new Counter({
      name: "signalgate_fraud_blocks_total",
      help: "Fraud guard actions: prefixes blocked (block_created) and OTP sends refused (send_refused).",
      labelNames: ["kind"],
      registers,
    }),
    backlogItems: new Gauge({
      name: "signalgate_backlog_items",
      help: "Work due now and not yet done, by queue; counted up to 10000 (10000 means at least that).",
      labelNames: ["queue"],
      registers,
    }),
    backlogOldestSeconds: new Gauge({
      name: "signalgate_backlog_oldest_seconds",
      help: "Lag: how long the oldest due item of each queue has been waiting (0 when none).",
      labelNames: ["queue"],
      registers,
    }),
    senderQueueSegments: new Gauge({
      name: "signalgate_sender_queue_segments",
      help: "Live segments waiting in a sender's paced queue (contract §15), for the 50 longest queues.",
      labelNames: ["organization_id", "sender"],
      registers,
    }),
    senderQueueOldestSeconds: new Gauge({
      name: "signalgate_sender_queue_oldest_seconds",
      help: "How long the oldest message of each of the 50 longest sender queues has waited.",
      labelNames: ["organization_id", "sender"],
      registers,
    }),
    backlogQueryFailures: new Counter({
      name: "signalgate_backlog_query_failures_total",
      help: "Scrapes whose queue query failed (the gauges then keep their previous values).",
      registers,
    }),
    dbPoolInUse: new Gauge({
      name: "signalgate_db_pool_in_use",
      help: "PostgreSQL connections of this process's pool running a query (0 on PGlite).",
      registers,
    }),
    dbPoolWaiting: new Gauge({
      name: "signalgate_db_pool_waiting",
      help: "Queries of this process waiting for a free PostgreSQL connection (0 on PGlite).",
      registers,
    }),
  };
}

const holder = globalThis as typeof globalThis & { __signalgateMetrics?: Metrics };

export function metrics(): Metrics {
  return (holder.__signalgateMetrics ??= create());
}
