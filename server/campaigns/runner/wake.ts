import type { DbOrTx } from "../../db/client";
import { sendJobEvent } from "../../jobs/send-event";

/**
 * Starts a runner pass at once (a launch, a resume, a scheduled start), rather than at the next
 * minute's cron run. Every run does all the work there is, so extra runs cost a few empty scans.
 */
export async function wakeCampaignRunner(db: DbOrTx, campaignId: string): Promise<void> {
  await sendJobEvent(db, "campaigns/wake", { campaignId });
}
