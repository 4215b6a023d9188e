import type { DbOrTx } from "../db/client";
import { AppError } from "../errors";
import { runSql } from "../db/sql";
import { batchSummaryResponse, type BatchSummary } from "@/schemas/message-history";
import { batchMessageRange, legacyBatchMessageRange, type IdBounds } from "./batch-ids";

const SUMMARY_SQL = `SELECT status::text AS status, count(*) AS n, min(created_at) AS created_at
   FROM messages
   WHERE organization_id = $2 AND id >= $4 AND id < $5 AND batch_id = $1 AND environment = $3::"KeyEnvironment"
   GROUP BY status`;

/**
 * contract §9 `GET /api/v1/sms/batches/:batchId`: how a bulk request's messages stand, counted by
 * status in one statement over the batch's rows (at most 1,000), found through the primary key by
 * the id range the batch id names (batch-ids.ts); a batch from before that scheme, by the minute
 * before its id. Another organization's batch, or one of the other environment, answers 404 like
 * a missing one.
 */
export async function getBatchSummaryOrThrow(
  db: DbOrTx,
  organizationId: string,
  environment: "live" | "test",
  batchId: string,
): Promise<BatchSummary> {
  const count = (range: IdBounds | null) =>
    range
      ? runSql<{ status: string; n: bigint | number; created_at: Date }>(db, SUMMARY_SQL, [
          batchId,
          organizationId,
          environment,
          range.gte,
          range.lt,
        ])
      : Promise.resolve([]);
  let rows = await count(batchMessageRange(batchId));
  if (rows.length === 0) rows = await count(legacyBatchMessageRange(batchId));
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
