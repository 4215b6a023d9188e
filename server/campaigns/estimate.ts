import type { DbOrTx } from "../db/client";
import { countryOf } from "../billing/country-of";
import { pricePerSegment, priceList } from "../billing/price-list";
import { countSegments } from "@/schemas/segments";
import { audienceWhere } from "./audience-sql";
import { renderCampaignText } from "./render-port";

export interface Audience {
  tags: string[];
  excludeTags: string[];
}

export interface EstimateUnits {
  recipients: number;
  segments: number;
  priceUnits: number;
}

// Contacts of the audience not opted out, grouped by the first five characters of the phone (the
// calling code and the start of the national number, enough to tell the country, +1 included):
// one pass over the organization's contacts, a few hundred groups at most, each priced by a sample.
const ESTIMATE_SQL = `
SELECT substr(c.phone, 1, 5) AS prefix, min(c.phone) AS sample, count(*) AS n
FROM contacts c
LEFT JOIN contact_opt_outs o ON o.organization_id = c.organization_id AND o.phone = c.phone
WHERE c.organization_id = $1 AND o.phone IS NULL AND ${audienceWhere(2)}
GROUP BY 1`;

/** How many contacts the audience holds now (not opted out): the builder's live count. */
export async function countAudience(db: DbOrTx, organizationId: string, audience: Audience): Promise<number> {
  const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM contacts c
     LEFT JOIN contact_opt_outs o ON o.organization_id = c.organization_id AND o.phone = c.phone
     WHERE c.organization_id = $1 AND o.phone IS NULL AND ${audienceWhere(2)}`,
    organizationId,
    audience.tags,
    audience.excludeTags,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * contract §11 `estimate`: recipients, segments and price as the audience stands, with the
 * template rendered with its fallbacks (a contact's own values may change the length a little).
 * The sandbox costs nothing.
 */
export async function estimateCampaign(
  db: DbOrTx,
  organizationId: string,
  campaign: { environment: "live" | "test"; template: string; appendOptOutText: boolean; audience: Audience },
): Promise<EstimateUnits> {
  const rows = await db.$queryRawUnsafe<{ prefix: string; sample: string; n: bigint }[]>(
    ESTIMATE_SQL,
    organizationId,
    campaign.audience.tags,
    campaign.audience.excludeTags,
  );
  const rendered = renderCampaignText(campaign, null);
  const segments = countSegments(rendered.ok ? rendered.text : campaign.template).segments;
  let recipients = 0;
  let priceUnits = 0;
  const prices = priceList();
  for (const r of rows) {
    const n = Number(r.n);
    recipients += n;
    if (campaign.environment === "live") priceUnits += n * segments * pricePerSegment(prices, countryOf(r.sample));
  }
  return { recipients, segments: recipients * segments, priceUnits };
}
