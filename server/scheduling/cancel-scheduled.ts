import type { DbOrTx } from "../db/client";
import { runSql } from "../db/sql";
import { AppError } from "../errors";
import { newId } from "../ids";
import { getMessageOrThrow } from "../messages/get-message-or-throw";
import { toMessageStatusView, type MessageStatusView } from "../messages/to-status-view";
import { nudgeMessagePipeline } from "../messages/pipeline/worker";
import { legacyBatchMessageRange } from "../messages/batch-ids";
import { cancelScheduledCtes } from "./cancel-sql";
import type { BatchCancelResponse } from "@/schemas/scheduling";

/** Why a message was canceled, as the `message.canceled` event says (contract §11). */
export type CancelReason = "api" | "opted_out" | "campaign";

// The rows to cancel, locked: FOR UPDATE waits for a due-scan holding one of them and then sees
// its new status (no longer SCHEDULED: not canceled, so never both queued and canceled); a scan
// that comes after skips the rows locked here. $1 message id or null, $2 batch id or null ($8 and $9:
// the id range its messages lie in, batch-ids.ts), $3 the organization: every row by its key.
const CANCEL_SQL = `
WITH locked AS MATERIALIZED (
  SELECT m.id, m.organization_id, m.environment::text AS environment, m.to_number, m.price_units, m.segments,
         m.created_at
  FROM messages m
  WHERE m.organization_id = $3 AND m.status = 'SCHEDULED'
    AND ($4::text IS NULL OR m.environment = $4::"KeyEnvironment")
    AND (($1::text IS NOT NULL AND m.id = $1)
         OR ($2::text IS NOT NULL AND m.id >= $8::text AND m.id < $9::text AND m.batch_id = $2))
  ORDER BY m.id
  FOR UPDATE
), target AS MATERIALIZED (
  SELECT locked.*, row_number() OVER () AS n, $7::text AS reason, NULL::text AS error_code FROM locked
), ${cancelScheduledCtes("SELECT * FROM target", "$5::timestamptz", "$6::text[]")}
SELECT c.id FROM canceled c`;

interface CancelScope {
  organizationId: string;
  environment?: "live" | "test";
  messageId?: string;
  batchId?: string;
  reason?: CancelReason;
}

async function cancelWhere(db: DbOrTx | null, scope: CancelScope, now: Date, maxRows: number): Promise<string[]> {
  const eventIds = Array.from({ length: maxRows }, () => newId("evt"));
  // The minute before the batch id covers its messages whether it names their range or is older.
  const range = scope.batchId ? legacyBatchMessageRange(scope.batchId) : null;
  if (scope.batchId && !range) return [];
  const rows = await runSql<{ id: string }>(db, CANCEL_SQL, [
    scope.messageId ?? null,
    scope.batchId ?? null,
    scope.organizationId,
    scope.environment ?? null,
    now.toISOString(),
    eventIds,
    scope.reason ?? "api",
    range?.gte ?? null,
    range?.lt ?? null,
  ]);
  // The events were written: let the webhook worker relay them now.
  if (rows.length > 0) nudgeMessagePipeline();
  return rows.map((r) => r.id);
}

/**
 * contract §11 `POST /sms/:messageId/cancel`: a SCHEDULED message becomes CANCELED (never sent,
 * never billed: what it held of the spend limit is released). Another tenant's or environment's id
 * answers 404; a message that is no longer SCHEDULED, 409 `not_cancelable`.
 */
export async function cancelScheduledMessageOrThrow(
  db: DbOrTx,
  organizationId: string,
  messageId: string,
  options: { environment?: "live" | "test"; now?: Date; reason?: CancelReason } = {},
): Promise<MessageStatusView> {
  const now = options.now ?? new Date();
  const canceled = await cancelWhere(
    db,
    { organizationId, environment: options.environment, messageId, reason: options.reason },
    now,
    1,
  );
  const message = await getMessageOrThrow(db, organizationId, messageId, options.environment);
  if (canceled.length === 0) {
    throw new AppError(
      "not_cancelable",
      `Message ${messageId} is ${message.status}: only a SCHEDULED message can be canceled.`,
    );
  }
  return toMessageStatusView(message);
}

/** A bulk request holds at most 1,000 messages (contract §5). */
const MAX_BATCH = 1000;

/**
 * contract §11 `POST /sms/batches/:batchId/cancel`: every message of the batch still SCHEDULED
 * becomes CANCELED, in one statement. An unknown batch (or another tenant's) answers 404; a batch
 * with nothing left to cancel answers `canceled: 0`.
 */
export async function cancelScheduledBatchOrThrow(
  db: DbOrTx,
  organizationId: string,
  batchId: string,
  options: { environment?: "live" | "test"; now?: Date; reason?: CancelReason } = {},
): Promise<BatchCancelResponse> {
  const now = options.now ?? new Date();
  const canceled = await cancelWhere(
    db,
    { organizationId, environment: options.environment, batchId, reason: options.reason },
    now,
    MAX_BATCH,
  );
  if (canceled.length === 0) {
    const range = legacyBatchMessageRange(batchId);
    const exists = await db.message.findFirst({
      where: {
        organizationId,
        id: range ?? { in: [] },
        batchId,
        ...(options.environment ? { environment: options.environment } : {}),
      },
      select: { id: true },
    });
    if (!exists) throw new AppError("not_found", `No batch ${batchId}.`);
  }
  return { batchId, canceled: canceled.length };
}
