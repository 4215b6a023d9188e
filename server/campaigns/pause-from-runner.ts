import { getDb } from "../db/client";
import type { PausedReason } from "@/schemas/campaigns";
import { closeCampaignGate } from "./campaign-gate";
import { campaignKey, type CampaignRef } from "./campaign-events";
import { pauseWithin } from "./launch-campaign";

/**
 * The runner pauses a campaign on its own (contract §11): the spend limit refused a message
 * (`spending_limit_reached`), or one of its batches threw (`internal_error`, with the reference of
 * the logged error: the campaign is set aside and every other campaign goes on). Unless it changed
 * meanwhile: a campaign paused, resumed or canceled by hand since is left as it is. A SCHEDULED
 * campaign that could not start is paused with its audience fixed now, so that resume runs it.
 */
export async function pauseFromRunner(
  campaign: CampaignRef,
  reason: PausedReason,
  now: Date,
  errorReference: string | null = null,
): Promise<void> {
  await getDb().$transaction(async (tx) => {
    await closeCampaignGate(tx, campaign.id);
    const [c] = await tx.$queryRawUnsafe<{ status: string }[]>(
      `SELECT status FROM campaigns WHERE organization_id = $1 AND id = $2 FOR UPDATE`,
      campaign.organizationId,
      campaign.id,
    );
    if (c?.status === "SCHEDULED") {
      await tx.campaign.update({ where: campaignKey(campaign), data: { startedAt: now, throttleAt: now } });
    } else if (c?.status !== "RUNNING") {
      return;
    }
    await pauseWithin(tx, campaign, reason, now, errorReference);
  });
}
