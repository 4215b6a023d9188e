import { runSql } from "../db/sql";
import { logger } from "../logger";

export interface RequestLogEntry {
  organizationId: string;
  id: string;
  clientRequestId: string | null;
  method: string;
  path: string;
  route: string;
  status: number;
  durationMs: number;
  environment: "live" | "test" | null;
  apiKeyId: string | null;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
  errorCode: string | null;
  requestBody: unknown;
  responseBody: unknown;
  createdAt: string;
}

/** Written at least this often (contract §16: a crash loses at most the last second's entries). */
export const FLUSH_INTERVAL_MS = 1_000;
/** A flush is started early at this many entries; past MAX_BUFFERED the oldest are dropped. */
const FLUSH_AT = 500;
const MAX_BUFFERED = 20_000;

const INSERT_SQL = `
INSERT INTO request_logs (organization_id, id, client_request_id, method, path, route, status, duration_ms,
  environment, api_key_id, user_id, ip, user_agent, error_code, request_body, response_body, created_at)
SELECT e."organizationId", e.id, e."clientRequestId", e.method, e.path, e.route, e.status, e."durationMs",
  e.environment::"KeyEnvironment", e."apiKeyId", e."userId", e.ip, e."userAgent", e."errorCode",
  e."requestBody", e."responseBody", e."createdAt"::timestamptz
FROM jsonb_to_recordset($1::jsonb) AS e("organizationId" text, id text, "clientRequestId" text, method text,
  path text, route text, status int, "durationMs" int, environment text, "apiKeyId" text, "userId" text, ip text,
  "userAgent" text, "errorCode" text, "requestBody" jsonb, "responseBody" jsonb, "createdAt" text)
ON CONFLICT DO NOTHING`;

interface WriterState {
  buffer: RequestLogEntry[];
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  dropped: number;
}

// On globalThis: every route bundle's apiRoute feeds the one buffer, and shutdown flushes it.
const holder = globalThis as typeof globalThis & { __signalgateRequestLogs?: WriterState };
const state = (holder.__signalgateRequestLogs ??= { buffer: [], timer: null, flushing: null, dropped: 0 });

/**
 * Queue an entry; it is written with others within FLUSH_INTERVAL_MS, in one statement, never on
 * the request's path: a slow or failing database delays or loses log entries, never a request.
 */
export function recordRequestLog(entry: RequestLogEntry): void {
  state.buffer.push(entry);
  if (state.buffer.length > MAX_BUFFERED) {
    state.dropped += state.buffer.length - MAX_BUFFERED;
    state.buffer.splice(0, state.buffer.length - MAX_BUFFERED);
  }
  if (state.buffer.length >= FLUSH_AT) void flushRequestLogs();
  else if (!state.timer) {
    state.timer = setTimeout(() => void flushRequestLogs(), FLUSH_INTERVAL_MS);
    state.timer.unref?.();
  }
}

/** Write everything buffered (the timer, a full buffer, shutdown and tests). */
export async function flushRequestLogs(): Promise<void> {
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = null;
  }
  while (state.flushing) await state.flushing;
  if (state.buffer.length === 0) return;
  const batch = state.buffer.splice(0, state.buffer.length);
  state.flushing = runSql(null, INSERT_SQL, [JSON.stringify(batch)], "sg_insert_request_logs")
    .then(() => undefined)
    .catch((err: unknown) => {
      logger.warn("request logs: a batch could not be written", {
        entries: batch.length,
        error: (err as Error).message,
      });
    })
    .finally(() => {
      state.flushing = null;
    });
  await state.flushing;
}
