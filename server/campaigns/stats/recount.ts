import type { DbOrTx } from "../../db/client";
import { formatMoney } from "@/schemas/money";
import type { CampaignStats } from "@/schemas/campaigns";
import { clickCountsOf } from "./read-stats";

/**
 * The campaign's stats counted from its rows: a scan of its recipients and their messages, for
 * tests and for checking the aggregates by hand (never on a request path: it finds the campaign by
 * its id alone). Equal to the aggregate
 * while retention has deleted none of its messages.
 */
export async function recountCampaignStats(db: DbOrTx, campaignId: string): Promise<CampaignStats> {
  const [r] = await db.$queryRawUnsafe<Record<string, bigint | null>[]>(
    `SELECT count(*) AS recipients,
            count(*) FILTER (WHERE r.status = 'PENDING') AS pending,
            count(*) FILTER (WHERE m.status = 'QUEUED') AS queued,
            count(*) FILTER (WHERE m.status = 'SENT') AS sent,
            count(*) FILTER (WHERE m.status = 'DELIVERED') AS delivered,
            count(*) FILTER (WHERE m.status = 'UNDELIVERED') AS undelivered,
            count(*) FILTER (WHERE m.status = 'FAILED') AS failed,
            count(*) FILTER (WHERE m.status = 'CANCELED' OR r.status = 'CANCELED') AS canceled,
            count(*) FILTER (WHERE r.skipped_reason = 'opted_out') AS opted_out,
            count(*) FILTER (WHERE r.skipped_reason = 'country_not_allowed') AS country_not_allowed,
            count(*) FILTER (WHERE r.skipped_reason = 'frequency_cap') AS frequency_cap,
            count(*) FILTER (WHERE r.skipped_reason = 'invalid_template') AS invalid_template,
            count(*) FILTER (WHERE r.skipped_reason = 'contact_deleted') AS contact_deleted,
            coalesce(sum(m.price_units), 0) AS spend,
            count(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM contact_opt_outs o
              WHERE o.organization_id = r.organization_id AND o.phone = r.phone AND o.source = 'keyword'
                AND o.opted_out_at >= r.accepted_at AND o.opted_out_at <= r.accepted_at + interval '7 days'
            )) AS opt_outs
     FROM campaign_recipients r LEFT JOIN messages m ON m.organization_id = r.organization_id AND m.id = r.message_id
     WHERE r.organization_id = (SELECT organization_id FROM campaigns WHERE id = $1) AND r.campaign_id = $1`,
    campaignId,
  );
  const n = (k: string) => Number(r?.[k] ?? 0);
  const [c] = await db.$queryRawUnsafe<{ organization_id: string }[]>(
    `SELECT organization_id FROM campaigns WHERE id = $1`,
    campaignId,
  );
  const clicks = c ? (await clickCountsOf(db, c.organization_id, [campaignId])).get(campaignId) : undefined;
  return {
    recipients: n("recipients"),
    pending: n("pending"),
    queued: n("queued"),
    sent: n("sent"),
    delivered: n("delivered"),
    undelivered: n("undelivered"),
    failed: n("failed"),
    canceled: n("canceled"),
    skipped: {
      opted_out: n("opted_out"),
      country_not_allowed: n("country_not_allowed"),
      frequency_cap: n("frequency_cap"),
      invalid_template: n("invalid_template"),
      contact_deleted: n("contact_deleted"),
    },
    clicks: clicks?.clicks ?? 0,
    uniqueClicks: clicks?.uniqueClicks ?? 0,
    optOuts: n("opt_outs"),
    spend: formatMoney(n("spend")),
  };
}
