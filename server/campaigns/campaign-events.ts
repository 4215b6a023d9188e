import type { DbOrTx } from "../db/client";
import { newId } from "../ids";
import type { CampaignEventType } from "@/schemas/campaigns";
import { viewOf } from "./get-campaign-or-throw";

/**
 * `campaign.*` (contract §11) `{ campaignId, status, stats }`, written to the outbox in the
 * transaction of the transition it reports: the status change and its event commit together.
 */
export async function insertCampaignEvent(
  tx: DbOrTx,
  campaignId: string,
  type: CampaignEventType,
  now: Date,
): Promise<void> {
  const row = await tx.campaign.findUniqueOrThrow({ where: { id: campaignId } });
  const view = await viewOf(tx, row);
  await tx.outboxEvent.create({
    data: {
      id: newId("evt"),
      organizationId: row.organizationId,
      type,
      payload: { campaignId, status: view.status, stats: view.stats },
      occurredAt: now,
    },
  });
}
