import type { Db, DbOrTx } from "../db/client";
import type { Campaign } from "../db/generated/client";
import { AppError } from "../errors";
import { recordAudit } from "../audit/record-audit";
import { diffChanges } from "../audit/changes";
import type { AuditActor } from "../audit/actor";
import type { AuditAction } from "@/schemas/audit-log";
import type { CampaignStatus, CampaignView, PausedReason } from "@/schemas/campaigns";
import { campaignKey, insertCampaignEvent, type CampaignRef } from "./campaign-events";
import { closeCampaignGate } from "./campaign-gate";
import { getCampaignOrThrow, viewOf, type CampaignScope } from "./get-campaign-or-throw";
import { wakeCampaignRunner } from "./runner/wake";

async function lockCampaign(tx: DbOrTx, scope: CampaignScope, campaignId: string): Promise<Campaign> {
  await getCampaignOrThrow(tx, scope, campaignId);
  await closeCampaignGate(tx, campaignId);
  await tx.$queryRawUnsafe(
    `SELECT id FROM campaigns WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
    scope.organizationId,
    campaignId,
  );
  return getCampaignOrThrow(tx, scope, campaignId);
}

function conflict(row: Campaign, action: string, allowed: string): AppError {
  return new AppError(
    "campaign_not_editable",
    `Campaign ${row.id} is ${row.status}: only a ${allowed} campaign can be ${action}.`,
  );
}

/**
 * Moves a campaign to RUNNING from now on: the audience is fixed at `now` (contacts created up to
 * this instant, expanded in the background) and the runner is woken. Call inside the transaction.
 */
export async function startRunning(tx: DbOrTx, campaign: CampaignRef, now: Date): Promise<void> {
  await tx.campaign.update({
    where: campaignKey(campaign),
    data: { status: "RUNNING", startedAt: now, throttleAt: now, throttleTokens: 0, updatedAt: now },
  });
  await insertCampaignEvent(tx, campaign, "campaign.started", now);
}

interface Transition {
  action: AuditAction;
  /** Checks the current row and applies the change; answers whether the runner should wake. */
  apply(tx: DbOrTx, row: Campaign, now: Date): Promise<boolean>;
}

async function transition(
  db: Db,
  scope: CampaignScope,
  campaignId: string,
  actor: AuditActor,
  change: Transition,
  now: Date,
): Promise<CampaignView> {
  let wake = false;
  const view = await db.$transaction(async (tx) => {
    const before = await lockCampaign(tx, scope, campaignId);
    const beforeView = await viewOf(tx, before);
    wake = await change.apply(tx, before, now);
    const after = await viewOf(tx, await tx.campaign.findUniqueOrThrow({ where: campaignKey(before) }));
    await recordAudit(
      tx,
      scope.organizationId,
      actor,
      {
        action: change.action,
        resourceType: "campaign",
        resourceId: campaignId,
        changes: diffChanges("campaign", beforeView, after),
      },
      now,
    );
    return after;
  });
  if (wake) await wakeCampaignRunner(db, campaignId);
  return view;
}

/** POST /campaigns/:id/launch: a DRAFT becomes SCHEDULED (scheduledAt ahead) or RUNNING (now). */
export function launchCampaign(db: Db, scope: CampaignScope, id: string, actor: AuditActor, now = new Date()) {
  return transition(
    db,
    scope,
    id,
    actor,
    {
      action: "campaign.launched",
      async apply(tx, row) {
        if (row.status !== "DRAFT") throw conflict(row, "launched", "DRAFT");
        await tx.campaign.update({ where: campaignKey(row), data: { launchedAt: now, updatedAt: now } });
        if (row.scheduledAt && row.scheduledAt > now) {
          await tx.campaign.update({ where: campaignKey(row), data: { status: "SCHEDULED" } });
          return false;
        }
        await startRunning(tx, row, now);
        return true;
      },
    },
    now,
  );
}

/** POST /campaigns/:id/pause: a RUNNING campaign stops sending; no message is accepted after this returns. */
export function pauseCampaign(db: Db, scope: CampaignScope, id: string, actor: AuditActor, now = new Date()) {
  return transition(
    db,
    scope,
    id,
    actor,
    {
      action: "campaign.paused",
      async apply(tx, row) {
        if (row.status !== "RUNNING") throw conflict(row, "paused", "RUNNING");
        await pauseWithin(tx, row, "manual", now);
        return false;
      },
    },
    now,
  );
}

/**
 * Pauses inside the caller's transaction (the runner does, with `spending_limit_reached`, and with
 * `internal_error` and the error's reference when it sets a failing campaign aside).
 */
export async function pauseWithin(
  tx: DbOrTx,
  campaign: CampaignRef,
  reason: PausedReason,
  now: Date,
  errorReference: string | null = null,
): Promise<void> {
  await tx.campaign.update({
    where: campaignKey(campaign),
    data: { status: "PAUSED", pausedReason: reason, errorReference, updatedAt: now },
  });
  await insertCampaignEvent(tx, campaign, "campaign.paused", now);
}

/** POST /campaigns/:id/resume: a PAUSED campaign runs again from where it stopped. */
export function resumeCampaign(db: Db, scope: CampaignScope, id: string, actor: AuditActor, now = new Date()) {
  return transition(
    db,
    scope,
    id,
    actor,
    {
      action: "campaign.resumed",
      async apply(tx, row) {
        if (row.status !== "PAUSED") throw conflict(row, "resumed", "PAUSED");
        await tx.campaign.update({
          where: campaignKey(row),
          data: {
            status: "RUNNING",
            pausedReason: null,
            errorReference: null,
            throttleAt: now,
            throttleTokens: 0,
            updatedAt: now,
          },
        });
        return true;
      },
    },
    now,
  );
}

const CANCELABLE: readonly CampaignStatus[] = ["DRAFT", "SCHEDULED", "RUNNING", "PAUSED"];

/**
 * POST /campaigns/:id/cancel: recipients still waiting are never texted (the runner marks them
 * CANCELED in batches); messages already accepted go on. COMPLETED and CANCELED campaigns answer 409.
 */
export function cancelCampaign(db: Db, scope: CampaignScope, id: string, actor: AuditActor, now = new Date()) {
  return transition(
    db,
    scope,
    id,
    actor,
    {
      action: "campaign.canceled",
      async apply(tx, row) {
        if (!CANCELABLE.includes(row.status)) throw conflict(row, "canceled", "DRAFT, SCHEDULED, RUNNING or PAUSED");
        // The waiting recipients (a million, perhaps) are marked CANCELED by the runner's sweep, in
        // batches: nothing sends for a CANCELED campaign from this commit on.
        await tx.campaign.update({
          where: campaignKey(row),
          data: { status: "CANCELED", pausedReason: null, errorReference: null, canceledAt: now, updatedAt: now },
        });
        await insertCampaignEvent(tx, row, "campaign.canceled", now);
        return true;
      },
    },
    now,
  );
}
