import type { DbOrTx } from "../db/client";
import { newId } from "../ids";
import type { CampaignEventType } from "@/schemas/campaigns";
import { viewOf } from "./get-campaign-or-throw";

/** A campaign as the statements that change it name it: by its key, (organization, id). */
export interface CampaignRef {
  organizationId: string;
  id: string;
}

/** Prisma's where clause for a campaign's key. */
export const campaignKey = (c: CampaignRef) => ({ organizationId_id: { organizationId: c.organizationId, id: c.id } });

/**
 * `campaign.*` (contract §11) `{ campaignId, status, stats }`, written to the outbox in the
 * transaction of the transition it reports: the status change and its event commit together.
 */
export async function insertCampaignEvent(
  tx: DbOrTx,
  campaign: CampaignRef,
  type: CampaignEventType,
  now: Date,
): Promise<void> {
  const row = await tx.campaign.findUniqueOrThrow({ where: campaignKey(campaign) });
  const view = await viewOf(tx, row);
  await tx.outboxEvent.create({
    data: {
      id: newId("evt"),
      organizationId: row.organizationId,
      type,
      payload: { campaignId: row.id, status: view.status, stats: view.stats },
      occurredAt: now,
    },
  });
}
