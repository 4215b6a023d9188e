import type { DbOrTx } from "../db/client";
import { decodeCursor, encodeCursor } from "../pagination/cursor";
import { campaignRecipientSchema, type ListRecipientsQuery, type RecipientPage } from "@/schemas/campaigns";
import { getCampaignOrThrow, type CampaignScope } from "./get-campaign-or-throw";

interface Row {
  contact_id: string;
  phone: string;
  message_id: string | null;
  status: string;
  skipped_reason: string | null;
  skipped_detail: string | null;
  message_status: string | null;
}

/**
 * GET /campaigns/:id/recipients (contract §11): in contact id order, paged by the primary key (or
 * the (campaign, status, contact) index with a status filter). An accepted recipient shows its
 * message's current status (one primary-key lookup per row of the page); once retention has
 * deleted the message, ACCEPTED.
 */
export async function listRecipients(
  db: DbOrTx,
  scope: CampaignScope,
  campaignId: string,
  query: Partial<ListRecipientsQuery> = {},
): Promise<RecipientPage> {
  await getCampaignOrThrow(db, scope, campaignId);
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 100);
  const list = `${scope.organizationId}:${campaignId}`;
  const after = decodeCursor("campaign.recipients", list, query.cursor);
  const rows = await db.$queryRawUnsafe<Row[]>(
    `SELECT r.contact_id, r.phone, r.message_id, r.status::text AS status, r.skipped_reason, r.skipped_detail,
            m.status::text AS message_status
     FROM campaign_recipients r
     LEFT JOIN messages m ON m.organization_id = r.organization_id AND m.id = r.message_id
     WHERE r.organization_id = $5 AND r.campaign_id = $1
       AND ($2::text IS NULL OR r.status = $2::"CampaignRecipientStatus")
       AND ($3::text IS NULL OR r.contact_id > $3)
     ORDER BY r.contact_id
     LIMIT $4`,
    campaignId,
    query.status ?? null,
    after ?? null,
    limit + 1,
    scope.organizationId,
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) =>
      campaignRecipientSchema.parse({
        contactId: r.contact_id,
        phone: r.phone,
        messageId: r.message_id,
        status: r.message_status ?? r.status,
        skippedReason: r.skipped_reason,
        skippedDetail: r.skipped_detail,
      }),
    ),
    nextCursor: rows.length > limit ? encodeCursor("campaign.recipients", list, page.at(-1)!.contact_id) : null,
  };
}
