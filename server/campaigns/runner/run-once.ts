import { getDb } from "../../db/client";
import { startRunning } from "../launch-campaign";
import { expandBatch } from "../expansion/expand-batch";
import { sendBatch } from "../sending/send-batch";

export interface RunOptions {
  /** The clock (read before each batch); tests inject theirs. */
  now?: () => Date;
  /** Stop starting batches after this long (a tick is one step of a job: it must end). */
  budgetMs?: number;
  /** Tests sharing one database keep to their own organization. */
  organizationId?: string | null;
  /** Called after a batch that accepted messages (wakes this process's pipeline). */
  onAccepted?: () => void;
  /**
   * Batches at once (default 2): sending batches of one campaign run side by side (disjoint
   * recipients), so a big campaign uses more than one of the database's cores.
   */
  lanes?: number;
}

export interface RunResult {
  started: number;
  expanded: number;
  accepted: number;
  skipped: number;
  /** Campaigns RUNNING at the end of the pass. */
  active: number;
  /** The budget ran out while there was work: run again at once. */
  backlog: boolean;
}

/** SCHEDULED campaigns whose scheduledAt has come start running (the audience is fixed now). */
async function startDue(now: Date, organizationId: string | null): Promise<number> {
  return getDb().$transaction(async (tx) => {
    const due = await tx.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id FROM campaigns WHERE status = 'SCHEDULED' AND scheduled_at <= $1::timestamptz
         AND ($2::text IS NULL OR organization_id = $2)
       ORDER BY scheduled_at LIMIT 50 FOR UPDATE SKIP LOCKED`,
      now.toISOString(),
      organizationId,
    );
    for (const { id } of due) await startRunning(tx, id, now);
    return due.length;
  });
}

const SWEEP_BATCH = 5000;

/** Canceled campaigns' waiting recipients become CANCELED, a bounded batch per statement. */
async function sweepCanceled(now: Date, organizationId: string | null): Promise<number> {
  const db = getDb();
  const campaigns = await db.$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM campaigns WHERE status = 'CANCELED' AND swept_at IS NULL
       AND ($1::text IS NULL OR organization_id = $1) ORDER BY id LIMIT 20`,
    organizationId,
  );
  let swept = 0;
  for (const { id } of campaigns) {
    const n = await db.$executeRawUnsafe(
      `UPDATE campaign_recipients SET status = 'CANCELED'
       WHERE campaign_id = $1 AND contact_id IN (
         SELECT contact_id FROM campaign_recipients WHERE campaign_id = $1 AND status = 'PENDING'
         LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      id,
      SWEEP_BATCH,
    );
    swept += n;
    if (n < SWEEP_BATCH) {
      await db.$executeRawUnsafe(
        `UPDATE campaigns SET swept_at = $2::timestamptz WHERE id = $1`,
        id,
        now.toISOString(),
      );
    }
  }
  return swept;
}

async function runningCampaigns(organizationId: string | null): Promise<string[]> {
  const rows = await getDb().$queryRawUnsafe<{ id: string }[]>(
    `SELECT id FROM campaigns WHERE status = 'RUNNING' AND ($1::text IS NULL OR organization_id = $1) ORDER BY id LIMIT 200`,
    organizationId,
  );
  return rows.map((r) => r.id);
}

/**
 * One pass of the runner: start due campaigns, then, campaign by campaign in turn, expand one
 * slice of the audience and send one batch, until nothing is left to do now or the budget is spent.
 */
export async function runCampaignsOnce(options: RunOptions = {}): Promise<RunResult> {
  const now = options.now ?? (() => new Date());
  const budgetMs = options.budgetMs ?? 800;
  const organizationId = options.organizationId ?? null;
  const began = performance.now();
  const result: RunResult = { started: 0, expanded: 0, accepted: 0, skipped: 0, active: 0, backlog: false };
  result.started = await startDue(now(), organizationId);
  const swept = await sweepCanceled(now(), organizationId);
  if (swept >= SWEEP_BATCH) result.backlog = true;
  const lane = async () => {
    let campaigns = await runningCampaigns(organizationId);
    while (campaigns.length > 0) {
      let worked = false;
      for (const id of campaigns) {
        const expanded = await expandBatch(id, now());
        result.expanded += expanded.added;
        const sent = await sendBatch(id, now());
        result.accepted += sent.accepted;
        result.skipped += sent.skipped;
        if (sent.accepted > 0) options.onAccepted?.();
        if ((expanded.worked && !expanded.done) || sent.claimed > 0) worked = true;
      }
      if (!worked) return;
      if (performance.now() - began >= budgetMs) {
        result.backlog = true;
        return;
      }
      campaigns = await runningCampaigns(organizationId);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.lanes ?? 2) }, lane));
  result.active = (await runningCampaigns(organizationId)).length;
  return result;
}
