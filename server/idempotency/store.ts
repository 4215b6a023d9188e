import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { AppError } from "../errors";

export interface IdempotencyScope {
  organizationId: string;
  environment: "live" | "test";
  /** e.g. "POST /sms/send" */
  endpoint: string;
  key: string;
}

/** contract §5: responses are kept 24 hours. */
export const RETENTION_MS = 24 * 60 * 60 * 1000;
/** How long a first request may run before a retry may take over (its process died). */
export const LOCK_MS = 30_000;

export type BeginResult = { kind: "started" } | { kind: "replay"; status: number; body: unknown };

// Insert, or take over a row that expired or whose first request died before recording a
// response (same body only). Concurrent identical requests on any number of processes serialize
// on the primary key: exactly one gets `started`.
const BEGIN_SQL = `
INSERT INTO idempotency_keys (organization_id, environment, endpoint, key, request_hash, locked_until, created_at,
                              expires_at)
VALUES ($1, $2::"KeyEnvironment", $3, $4, $5, $6::timestamptz, $7::timestamptz, $8::timestamptz)
ON CONFLICT (organization_id, environment, endpoint, key) DO UPDATE
  SET request_hash = EXCLUDED.request_hash, locked_until = EXCLUDED.locked_until, created_at = EXCLUDED.created_at,
      expires_at = EXCLUDED.expires_at, response_status = NULL, response_body = NULL
  WHERE idempotency_keys.expires_at <= EXCLUDED.created_at
     OR (idempotency_keys.response_status IS NULL AND idempotency_keys.locked_until < EXCLUDED.created_at
         AND idempotency_keys.request_hash = EXCLUDED.request_hash)
RETURNING 1 AS started`;

const READ_SQL = `
SELECT request_hash, response_status, response_body FROM idempotency_keys
WHERE organization_id = $1 AND environment = $2::"KeyEnvironment" AND endpoint = $3 AND key = $4`;

const pk = (s: IdempotencyScope) => [s.organizationId, s.environment, s.endpoint, s.key];

/**
 * Start an idempotent request, or answer from an earlier one: the stored response to replay,
 * 422 for the same key with another body, 409 while the first request is still running.
 */
export async function beginIdempotentRequest(
  scope: IdempotencyScope,
  requestHash: string,
  now: Date,
): Promise<BeginResult> {
  const started = await runSql(
    null,
    BEGIN_SQL,
    [
      ...pk(scope),
      requestHash,
      new Date(now.getTime() + LOCK_MS).toISOString(),
      now.toISOString(),
      new Date(now.getTime() + RETENTION_MS).toISOString(),
    ],
    "sg_idempotency_begin",
  );
  if (started.length > 0) return { kind: "started" };
  const [row] = await runSql<{ request_hash: string; response_status: number | null; response_body: unknown }>(
    null,
    READ_SQL,
    pk(scope),
    "sg_idempotency_read",
  );
  // Pruned between the two statements: extremely unlikely; the client may simply retry.
  if (!row) throw new AppError("idempotency_in_progress", "This Idempotency-Key changed state; retry the request.");
  if (row.request_hash !== requestHash) throw new AppError("idempotency_key_reused");
  if (row.response_status === null) throw new AppError("idempotency_in_progress");
  const body = typeof row.response_body === "string" ? (JSON.parse(row.response_body) as unknown) : row.response_body;
  return { kind: "replay", status: row.response_status, body };
}

/** Store the response; call it in the transaction of the work it describes. */
export async function recordIdempotentResponse(
  tx: DbOrTx | null,
  scope: IdempotencyScope,
  status: number,
  body: unknown,
): Promise<void> {
  await runSql(
    tx,
    `UPDATE idempotency_keys SET response_status = $5, response_body = $6::jsonb, locked_until = NULL
     WHERE organization_id = $1 AND environment = $2::"KeyEnvironment" AND endpoint = $3 AND key = $4`,
    [...pk(scope), status, JSON.stringify(body)],
  );
}

/**
 * The request failed before doing anything (validation in the domain, 503, 429): forget the key so
 * a retry runs again rather than replaying an error.
 */
export async function abandonIdempotentRequest(scope: IdempotencyScope): Promise<void> {
  await runSql(
    null,
    `DELETE FROM idempotency_keys WHERE organization_id = $1 AND environment = $2::"KeyEnvironment" AND endpoint = $3
       AND key = $4 AND response_status IS NULL`,
    pk(scope),
  );
}

/** Delete records past their 24 hours (the prune job). */
export async function pruneIdempotencyKeys(db: DbOrTx, now: Date): Promise<number> {
  const { count } = await db.idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
