import type { RawTx } from "../db/driver-transaction";
import { runSql } from "../db/sql";
import { organizationNumberSchema, type OrganizationNumberView, type SenderQueueView } from "@/schemas/numbers";
import { describeNumber } from "./describe-number";

interface Row extends Record<string, unknown> {
  number: string;
  organization_id: string;
  type: string;
  mps: number;
  created_at: Date | string;
  segments: bigint | number | string;
  oldest: Date | string | null;
}

// The queue's count is the sender's own row (kept with each acceptance and hand-off); its oldest
// message is the first entry of the live queue index for that sender: one probe per number.
const NUMBERS_SQL = `
SELECT n.number, n.organization_id, n.type, n.mps, n.created_at, coalesce(q.queued_segments, 0) AS segments,
  (SELECT m.created_at FROM messages m
   WHERE m.organization_id = n.organization_id AND m.from_sender = n.number AND m.status = 'QUEUED'
     AND m.environment = 'live'
   ORDER BY m.id LIMIT 1) AS oldest
FROM phone_numbers n
LEFT JOIN sender_queues q ON q.organization_id = n.organization_id AND q.sender = n.number
WHERE n.organization_id = $1
ORDER BY n.number`;

/** Seconds a queue of `segments` takes at `mps`, rounded up. */
export function estimatedWaitSeconds(segments: number, mps: number): number {
  return segments <= 0 ? 0 : Math.ceil(segments / mps);
}

export function queueView(segments: number, mps: number, oldest: Date | string | null): SenderQueueView {
  return {
    segments,
    oldestQueuedAt: oldest === null ? null : new Date(oldest).toISOString(),
    estimatedWaitSeconds: estimatedWaitSeconds(segments, mps),
  };
}

/** `GET /api/v1/numbers` (contract §15): the organization's numbers, each with its country and queue. */
export async function listNumbersWithQueues(
  db: RawTx | null,
  organizationId: string,
): Promise<OrganizationNumberView[]> {
  const rows = await runSql<Row>(db, NUMBERS_SQL, [organizationId]);
  return rows.map((r) => {
    const base = {
      number: r.number,
      organizationId: r.organization_id,
      type: r.type,
      mps: Number(r.mps),
      createdAt: new Date(r.created_at).toISOString(),
    };
    const { country } = describeNumber(base as Parameters<typeof describeNumber>[0]);
    return organizationNumberSchema.parse({
      ...base,
      country,
      queue: queueView(Number(r.segments), Number(r.mps), r.oldest),
    });
  });
}
