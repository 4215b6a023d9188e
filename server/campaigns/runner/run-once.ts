import { getDb } from "../../db/client";
import { isolateItem } from "../../isolation/isolate-item";
import type { RunnerItem } from "../../isolation/item-failure";
import { startRunning } from "../launch-campaign";
import { expandBatch } from "../expansion/expand-batch";
import type { CampaignRef } from "../campaign-events";
import { pauseFromRunner } from "../pause-from-runner";
import { sendBatch } from "../sending/send-batch";
import { countRunningCampaigns, listRunningCampaigns, scopeOf, type OrganizationScope } from "./running-campaigns";

export interface RunOptions {
  /** The clock (read before each batch); tests inject theirs. */
  now?: () => Date;
  /** Stop starting batches after this long (a tick is one step of a job: it must end). */
  budgetMs?: number;
  /** Tests sharing one database keep to their own organizations. */
  organizationId?: OrganizationScope;
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
  /** Campaigns set aside in this pass (PAUSED with `internal_error`, or a sweep given up). */
  setAside: number;
  /** Campaigns RUNNING at the end of the pass. */
  active: number;
  /** The budget ran out while there was work: run again at once. */
  backlog: boolean;
}

const campaignItem = (id: string, organizationId?: string): RunnerItem => ({
  runner: "campaigns",
  kind: "campaign",
  id,
  organizationId,
});

/**
 * The runner's unit of isolation (contract: no tenant's failing work stalls another's): a campaign
 * whose work throws is PAUSED with `internal_error` and the error's reference, logged with its
 * stack, and the pass goes on with every other campaign. A transient database error is not the
 * campaign's fault: it fails the pass, which the job retries.
 */
function runIsolated<T>(
  campaign: CampaignRef,
  now: () => Date,
  setAside: Set<string>,
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false }> {
  return isolateItem(campaignItem(campaign.id, campaign.organizationId), work, (failure) => {
    setAside.add(campaign.id);
    return pauseFromRunner(campaign, "internal_error", now(), failure.reference);
  });
}

/** SCHEDULED campaigns whose scheduledAt has come start running (the audience is fixed now), each on its own. */
async function startDue(now: () => Date, organizationId: OrganizationScope, setAside: Set<string>): Promise<number> {
  const due = await getDb().$queryRawUnsafe<{ id: string; organization_id: string }[]>(
    `SELECT id, organization_id FROM campaigns WHERE status = 'SCHEDULED' AND scheduled_at <= $1::timestamptz
       AND ($2::text[] IS NULL OR organization_id = ANY($2::text[]))
     ORDER BY scheduled_at LIMIT 50`,
    now().toISOString(),
    scopeOf(organizationId),
  );
  let started = 0;
  for (const c of due) {
    const outcome = await runIsolated({ organizationId: c.organization_id, id: c.id }, now, setAside, () =>
      getDb().$transaction(async (tx) => {
        const [claimed] = await tx.$queryRawUnsafe<{ id: string }[]>(
          `SELECT id FROM campaigns WHERE organization_id = $3 AND id = $1 AND status = 'SCHEDULED'
             AND scheduled_at <= $2::timestamptz
           FOR UPDATE SKIP LOCKED`,
          c.id,
          now().toISOString(),
          c.organization_id,
        );
        if (claimed) await startRunning(tx, { organizationId: c.organization_id, id: c.id }, now());
        return Boolean(claimed);
      }),
    );
    if (outcome.ok && outcome.value) started++;
  }
  return started;
}

const SWEEP_BATCH = 5000;

/**
 * Canceled campaigns' waiting recipients become CANCELED, a bounded batch per statement. A sweep
 * that throws is given up (its campaign is marked swept, its recipients left as they were: a
 * CANCELED campaign sends nothing either way), logged, and the others go on.
 */
async function sweepCanceled(
  now: Date,
  organizationId: OrganizationScope,
): Promise<{ swept: number; setAside: number }> {
  const db = getDb();
  const campaigns = await db.$queryRawUnsafe<{ id: string; organization_id: string }[]>(
    `SELECT id, organization_id FROM campaigns WHERE status = 'CANCELED' AND swept_at IS NULL
       AND ($1::text[] IS NULL OR organization_id = ANY($1::text[])) ORDER BY id LIMIT 20`,
    scopeOf(organizationId),
  );
  const markSwept = (organizationId: string, id: string) =>
    db.$executeRawUnsafe(
      `UPDATE campaigns SET swept_at = $2::timestamptz WHERE organization_id = $3 AND id = $1`,
      id,
      now.toISOString(),
      organizationId,
    );
  let swept = 0;
  let setAside = 0;
  for (const { id, organization_id } of campaigns) {
    const outcome = await isolateItem(
      campaignItem(id, organization_id),
      async () => {
        const n = await db.$executeRawUnsafe(
          `UPDATE campaign_recipients SET status = 'CANCELED'
           WHERE organization_id = $3 AND campaign_id = $1 AND contact_id IN (
             SELECT contact_id FROM campaign_recipients
             WHERE organization_id = $3 AND campaign_id = $1 AND status = 'PENDING'
             LIMIT $2 FOR UPDATE SKIP LOCKED)`,
          id,
          SWEEP_BATCH,
          organization_id,
        );
        if (n < SWEEP_BATCH) await markSwept(organization_id, id);
        return n;
      },
      async () => void (await markSwept(organization_id, id)),
    );
    if (outcome.ok) swept += outcome.value;
    else setAside++;
  }
  return { swept, setAside };
}

/**
 * One pass of the runner: start due campaigns, then, campaign by campaign in turn (fairly across
 * organizations, running-campaigns.ts), expand one slice of the audience and send one batch, until
 * nothing is left to do now or the budget is spent. A campaign whose work throws is set aside
 * (PAUSED, `internal_error`) and the pass goes on with the others.
 */
export async function runCampaignsOnce(options: RunOptions = {}): Promise<RunResult> {
  const now = options.now ?? (() => new Date());
  const budgetMs = options.budgetMs ?? 800;
  const organizationId = options.organizationId ?? null;
  const began = performance.now();
  const setAside = new Set<string>();
  const result: RunResult = {
    started: 0,
    expanded: 0,
    accepted: 0,
    skipped: 0,
    setAside: 0,
    active: 0,
    backlog: false,
  };
  result.started = await startDue(now, organizationId, setAside);
  const sweep = await sweepCanceled(now(), organizationId);
  if (sweep.swept >= SWEEP_BATCH) result.backlog = true;
  const lane = async () => {
    // Campaigns given a turn in a row that had nothing to do now: once that is all of them, stop.
    let idle = 0;
    for (;;) {
      const { campaigns, total } = await listRunningCampaigns(organizationId);
      if (campaigns.length === 0) return;
      let worked = false;
      for (const c of campaigns) {
        if (setAside.has(c.id)) continue;
        const turn = await runIsolated(c, now, setAside, async () => {
          const expanded = await expandBatch(c, now());
          result.expanded += expanded.added;
          const sent = await sendBatch(c, now());
          result.accepted += sent.accepted;
          result.skipped += sent.skipped;
          if (sent.accepted > 0) options.onAccepted?.();
          return (expanded.worked && !expanded.done) || sent.claimed > 0;
        });
        if (turn.ok && turn.value) worked = true;
      }
      idle = worked ? 0 : idle + campaigns.length;
      if (idle >= total) return;
      if (performance.now() - began >= budgetMs) {
        result.backlog = true;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.lanes ?? 2) }, lane));
  result.setAside = setAside.size + sweep.setAside;
  result.active = await countRunningCampaigns(organizationId);
  return result;
}
