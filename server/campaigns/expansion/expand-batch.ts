import { getDb } from "../../db/client";
import { audienceWhere } from "../audience-sql";
import type { CampaignRef } from "../campaign-events";
import { PASS_CAMPAIGN_GATE } from "../campaign-gate";

/** Contacts read per statement: bounded work and memory whatever the audience's size. */
export const EXPANSION_BATCH = 5000;

// One transaction per batch, under the campaign's row lock, FOR NO KEY UPDATE (one expansion at a
// time, SKIP LOCKED: another one now is left to it; sending batches, FOR KEY SHARE, go on beside it):
// 1. the next $3 contacts of the organization after the cursor, in id order (the organization/id
//    index), whatever their tags: each batch scans a bounded slice;
// 2. those matching the audience and created by the time it started become PENDING recipients;
//    ON CONFLICT DO NOTHING: the primary key (organization, campaign, contact) is what makes a contact a
//    recipient at most once, even if a batch is ever replayed;
// 3. the cursor moves past the slice, and when the slice was not full the expansion is complete.
const EXPAND_SQL = `
WITH batch AS MATERIALIZED (
  SELECT c.id, c.phone, c.tags, c.created_at FROM contacts c
  WHERE c.organization_id = $2 AND ($4::text IS NULL OR c.id > $4)
  ORDER BY c.id LIMIT $3
), inserted AS (
  INSERT INTO campaign_recipients (campaign_id, contact_id, organization_id, phone, status, not_before)
  SELECT $1, c.id, $2, c.phone, 'PENDING', $5::timestamptz FROM batch c
  WHERE c.created_at <= $5::timestamptz AND ${audienceWhere(6)}
  ORDER BY c.id
  ON CONFLICT DO NOTHING
  RETURNING 1
)
SELECT (SELECT max(id) FROM batch) AS last, (SELECT count(*) FROM batch) AS scanned,
       (SELECT count(*) FROM inserted) AS added`;

export interface ExpandResult {
  /** False when another process holds the campaign, or there was nothing to expand. */
  worked: boolean;
  added: number;
  done: boolean;
}

/**
 * Expands one slice of a RUNNING campaign's audience into campaign_recipients (contract §11: the
 * audience is the contacts that match when it starts). Never more than `batchSize` contacts in
 * memory or in one statement.
 */
export async function expandBatch(
  campaign: CampaignRef,
  now: Date,
  batchSize = EXPANSION_BATCH,
): Promise<ExpandResult> {
  return getDb().$transaction(async (tx) => {
    const [c] = await tx.$queryRawUnsafe<
      {
        organization_id: string;
        expansion_cursor: string | null;
        started_at: Date;
        audience_tags: string[];
        exclude_tags: string[];
      }[]
    >(
      `SELECT organization_id, expansion_cursor, started_at, audience_tags, exclude_tags FROM campaigns
       WHERE organization_id = $2 AND id = $1 AND status = 'RUNNING' AND expanded_at IS NULL AND ${PASS_CAMPAIGN_GATE}
       FOR NO KEY UPDATE SKIP LOCKED`,
      campaign.id,
      campaign.organizationId,
    );
    if (!c) return { worked: false, added: 0, done: false };
    const [r] = await tx.$queryRawUnsafe<{ last: string | null; scanned: bigint; added: bigint }[]>(
      EXPAND_SQL,
      campaign.id,
      c.organization_id,
      batchSize,
      c.expansion_cursor,
      new Date(c.started_at).toISOString(),
      c.audience_tags,
      c.exclude_tags,
    );
    const scanned = Number(r?.scanned ?? 0);
    const done = scanned < batchSize;
    await tx.$executeRawUnsafe(
      `UPDATE campaigns SET expansion_cursor = coalesce($2, expansion_cursor),
              expanded_at = CASE WHEN $3 THEN $4::timestamptz ELSE NULL END
       WHERE organization_id = $5 AND id = $1`,
      campaign.id,
      r?.last ?? null,
      done,
      now.toISOString(),
      campaign.organizationId,
    );
    return { worked: true, added: Number(r?.added ?? 0), done };
  });
}
