import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { runSql } from "../db/sql";
import { batchSummaryResponse, type BatchSummary } from "@/schemas/message-history";

/**
 * contract §9 `GET /api/v1/sms/batches/:batchId`: how a bulk request's messages stand, counted by
 * status in one statement over the batch's rows (the batch index; at most 1,000). Another
 * organization's batch, or one of the other environment, answers 404 like a missing one.
 */
export async function getBatchSummaryOrThrow(
  db: DbOrTx,
  organizationId: string,
  environment: "live" | "test",
  batchId: string,
): Promise<BatchSummary> {
  const rows = await runSql<{ status: string; n: bigint | number; created_at: Date }>(
    db,
    `SELECT status::text AS status, count(*) AS n, min(created_at) AS created_at
     FROM messages
     WHERE batch_id = $1 AND organization_id = $2 AND environment = $3::"KeyEnvironment"
     GROUP BY status`,
    [batchId, organizationId, environment],
  );
  if (rows.length === 0) throw new AppError("not_found", `No batch ${batchId}.`);
  const counts = { QUEUED: 0, SENT: 0, DELIVERED: 0, UNDELIVERED: 0, FAILED: 0, SCHEDULED: 0, CANCELED: 0 };
  for (const r of rows) counts[r.status as keyof typeof counts] = Number(r.n);
  const createdAt = rows.map((r) => new Date(r.created_at)).reduce((a, b) => (a < b ? a : b));
  return batchSummaryResponse.parse({
    batchId,
    createdAt: createdAt.toISOString(),
    total: Object.values(counts).reduce((a, b) => a + b, 0),
    counts,
  });
}
