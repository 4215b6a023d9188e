import type { DbOrTx } from "../../db/client";
import type { RawTx } from "../../db/driver-transaction";
import { planTrackedLinks, type LinkRecipient, type PlannedLink } from "./plan-tracked-links";

// One statement for a whole batch: the rows travel as parallel arrays.
const INSERT_SQL = `
INSERT INTO campaign_links (code, organization_id, campaign_id, contact_id, message_id, phone, url, expires_at, created_at)
SELECT l.code, l.organization_id, l.campaign_id, l.contact_id, l.message_id, l.phone, l.url, l.expires_at, $9::timestamptz
FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::timestamptz[])
  AS l(code, organization_id, campaign_id, contact_id, message_id, phone, url, expires_at)`;

/**
 * Writes planned links in the caller's transaction, one INSERT for the batch (its trigger writes
 * the codes' lookup, campaign_link_codes, which keeps codes unique across organizations). A code
 * that already exists (about one chance in 10^12 per batch of a thousand with ten billion links stored) fails
 * the statement, so the caller's transaction rolls back and its batch is retried with new codes:
 * a message is never sent with a link that leads to someone else's URL.
 */
export async function insertTrackedLinks(tx: RawTx, links: readonly PlannedLink[], now: Date): Promise<void> {
  if (links.length === 0) return;
  await tx.$executeRawUnsafe(
    INSERT_SQL,
    links.map((l) => l.code),
    links.map((l) => l.organizationId),
    links.map((l) => l.campaignId),
    links.map((l) => l.contactId),
    links.map((l) => l.messageId),
    links.map((l) => l.phone),
    links.map((l) => l.url),
    links.map((l) => l.expiresAt?.toISOString() ?? null),
    now.toISOString(),
  );
}

/**
 * Removes links written earlier in the caller's transaction for messages the accepting statement
 * then refused (the campaign sender writes links before its messages; see send-batch.ts).
 */
export async function deleteTrackedLinks(tx: RawTx, organizationId: string, codes: readonly string[]): Promise<void> {
  if (codes.length === 0) return;
  await tx.$executeRawUnsafe(
    `DELETE FROM campaign_links WHERE organization_id = $2 AND code = ANY ($1::text[])`,
    codes,
    organizationId,
  );
}

/**
 * Plan and insert at once, for a sender that texts every recipient it rewrites. A sender that may
 * refuse some (opt-outs, countries, the spend limit) plans first, inserts them all with its
 * messages, and deletes the refused ones' links in the same transaction (`deleteTrackedLinks`).
 */
export async function trackLinks(
  tx: DbOrTx,
  scope: { organizationId: string; campaignId: string; linkBaseUrl: string; environment: "live" | "test" },
  recipients: readonly LinkRecipient[],
  now: Date,
): Promise<string[]> {
  const plan = planTrackedLinks(scope, recipients, now);
  await insertTrackedLinks(tx, plan.links, now);
  return plan.texts;
}
