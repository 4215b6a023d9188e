import type { DbOrTx } from "../db/client";
import { smallestIdAt } from "../ids";
import { WEBHOOK_HEALTH, type WebhookHealth } from "@/schemas/webhook-views";

// Per webhook of the organization (at most 50), its newest settled deliveries of the window: a
// range of the (webhook_id, id) index from the window's first id, newest first, cut at the sample
// size, so the read is bounded however many deliveries an endpoint gets. PENDING deliveries (not
// tried yet) say nothing about the endpoint and are skipped.
const HEALTH_SQL = `
SELECT w.id AS "webhookId",
       count(d.status)::int AS settled,
       (count(*) FILTER (WHERE d.status = 'SUCCEEDED'))::int AS succeeded
FROM webhooks w
LEFT JOIN LATERAL (
  SELECT status FROM webhook_deliveries
  WHERE organization_id = w.organization_id AND webhook_id = w.id AND id >= $2 AND status <> 'PENDING'
  ORDER BY id DESC
  LIMIT $3
) d ON true
WHERE w.organization_id = $1
GROUP BY w.id`;

/**
 * How each webhook's deliveries went over the last 24 hours: how many settled (succeeded, retrying
 * or failed) among the newest `WEBHOOK_HEALTH.sample`, how many of them succeeded, and whether
 * that makes it failing (under `WEBHOOK_HEALTH.failingBelow`).
 */
export async function webhookHealth(db: DbOrTx, organizationId: string, now = new Date()): Promise<WebhookHealth[]> {
  const since = smallestIdAt("dlv", new Date(now.getTime() - WEBHOOK_HEALTH.windowMs));
  const rows = await db.$queryRawUnsafe<{ webhookId: string; settled: number; succeeded: number }[]>(
    HEALTH_SQL,
    organizationId,
    since,
    WEBHOOK_HEALTH.sample,
  );
  return rows.map(({ webhookId, settled, succeeded }) => {
    const successRate = settled === 0 ? null : succeeded / settled;
    return {
      webhookId,
      settled,
      succeeded,
      successRate,
      failing: successRate !== null && successRate < WEBHOOK_HEALTH.failingBelow,
    };
  });
}
